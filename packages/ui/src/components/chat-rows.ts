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
