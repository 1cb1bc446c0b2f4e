import type { ChatEntry } from '../state/chat-log.ts';
import type { TurnCalls } from '../state/turn-calls.ts';

/** Tools that find other tools: a turn that called only these called nothing that answers. */
const DISCOVERY = /(?:^|_)(?:search_tools|list_tools)$/;

/** Chat entries as shown: consecutive assistant messages (one turn's) grouped to read as one reply. */
export function replyRows(entries: readonly ChatEntry[]): ChatEntry[][] {
  const rows: ChatEntry[][] = [];
  for (const entry of entries) {
    const last = rows.at(-1);
    if (entry.role === 'assistant' && last?.[0].role === 'assistant') last.push(entry);
    else rows.push([entry]);
  }
  return rows;
}

/**
 * `rows` with each row that holds the same entries as a row of `previous` (the same objects, in order)
 * replaced by that row: an unchanged row stays the same array, so the chat renders nothing new for it.
 */
export function reuseRows(rows: ChatEntry[][], previous: readonly ChatEntry[][]): ChatEntry[][] {
  const before = new Map(previous.map((row) => [row[0]?.id, row]));
  return rows.map((row) => {
    const same = before.get(row[0]?.id);
    return same !== undefined &&
      same.length === row.length &&
      same.every((entry, index) => entry === row[index])
      ? same
      : row;
  });
}

/** Whether the last turn has ended having called tools, but only discovery ones (no tool answered). */
export function endedWithoutAnswer(
  entries: readonly ChatEntry[],
  calls: TurnCalls,
  running: boolean,
): boolean {
  const turn = entries.findLast((entry) => entry.role === 'user');
  const made = turn === undefined ? [] : (calls[turn.id] ?? []);
  return !running && made.length > 0 && made.every((call) => DISCOVERY.test(call.name));
}

/** A text's first sentence and the rest (the rest empty when there is one sentence). */
export function splitFirstSentence(text: string): { lead: string; rest: string } {
  const end = text.search(/\.\s/);
  return end === -1 ? { lead: text, rest: '' } : { lead: text.slice(0, end + 1), rest: text.slice(end + 2) };
}
