import { containsWord } from '@switchboard/core';
import { subjectWords, words } from '../message-words.ts';
import { mainRecords, parseResult } from '../parse-result.ts';
import { compressedResultId, type ToolExchange } from '../read-conversation.ts';
import { shortToolName, toolRole } from '../tool-roles.ts';

const ORDINALS: Readonly<Record<string, number>> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
  sixth: 5,
  '6th': 5,
  seventh: 6,
  eighth: 7,
  ninth: 8,
  tenth: 9,
  last: -1,
};

const PRONOUNS = new Set(['it', 'that', 'this', 'one', 'them', 'those']);

/** A value taken from an earlier tool result. */
export interface Reference {
  value: unknown;
}

/** The outcome of looking for a reference: found, or a compressed result to recall first. */
export type ReferenceLookup = { found: Reference } | { recallId: string } | undefined;

/** Which item a message points at: an ordinal ("the second one", "#3"), or a pronoun ("it"). */
export function readItemPointer(text: string): { index?: number; pronoun: boolean } {
  const messageWords = words(text);
  const numbered = /(?:#|\bnumber\s+|\bno\.\s*)(\d+)\b/i.exec(text)?.[1];
  const ordinal = messageWords.find((word) => ORDINALS[word] !== undefined);
  const index =
    numbered !== undefined ? Number(numbered) - 1 : ordinal !== undefined ? ORDINALS[ordinal] : undefined;
  return { index, pronoun: messageWords.some((word) => PRONOUNS.has(word)) };
}

/**
 * Finds the value of property `name` for tool `toolName` in earlier tool results, newest first: a list
 * of records with that field (or `id`), the item the message points at (ordinal, a word of its name,
 * or "it" → the first). Results of the same tool, errors and discovery/UI results are skipped, and
 * so are results of tools `from` refuses (a destructive tool reads only results of its own object).
 * A compressed result that might hold it is reported by id so it can be recalled first (when
 * `canRecall`).
 */
export function findReference(
  name: string,
  toolName: string,
  text: string,
  exchanges: readonly ToolExchange[],
  canRecall: boolean,
  from: (toolName: string) => boolean = () => true,
): ReferenceLookup {
  const pointer = readItemPointer(text);
  const toolWords = new Set(words(shortToolName(toolName).replace(/[_-]/g, ' ')));
  const nameWords = subjectWords(text).filter(
    (word) => word.length >= 3 && !toolWords.has(word) && ORDINALS[word] === undefined && !PRONOUNS.has(word),
  );
  for (const exchange of [...exchanges].reverse()) {
    if (toolRole(exchange.call.name) !== 'action' || exchange.call.name === toolName) continue;
    if (!from(exchange.call.name)) continue;
    if (exchange.result === undefined || exchange.result.is_error) continue;
    if (exchange.fullText === undefined) {
      if (canRecall && mayHoldField(exchange.result.content, name)) return { recallId: exchange.call.id };
      continue;
    }
    const records = mainRecords(parseResult(exchange.fullText));
    const field = records && fieldFor(name, records);
    if (records === undefined || field === undefined) continue;
    const picked = pick(records, field, pointer, nameWords);
    if (picked !== undefined) return { found: { value: picked[field] } };
  }
  return undefined;
}

/** Whether a compressed result's preview shows the field (its start is kept), so recalling it may help. */
function mayHoldField(preview: string, name: string): boolean {
  if (compressedResultId(preview) === undefined) return false;
  return preview.includes(`"${name}":`) || (isIdName(name) && preview.includes('"id":'));
}

function isIdName(name: string): boolean {
  return /(?:^|_)id$|Id$/.test(name);
}

function fieldFor(name: string, records: Record<string, unknown>[]): string | undefined {
  const first = records[0] as Record<string, unknown>;
  if (name in first) return name;
  return isIdName(name) && 'id' in first ? 'id' : undefined;
}

function pick(
  records: Record<string, unknown>[],
  field: string,
  pointer: { index?: number; pronoun: boolean },
  nameWords: readonly string[],
): Record<string, unknown> | undefined {
  const usable = records.filter((record) => record[field] !== undefined && record[field] !== null);
  if (pointer.index !== undefined) {
    return pointer.index < 0 ? usable.at(pointer.index) : usable[pointer.index];
  }
  const matches = (record: Record<string, unknown>) => {
    const text = Object.values(record)
      .filter((value) => typeof value === 'string')
      .join(' ')
      .toLowerCase();
    return nameWords.filter((word) => containsWord(text, word)).length;
  };
  const best = usable.reduce<{ record?: Record<string, unknown>; score: number }>(
    (leader, record) => {
      const score = matches(record);
      return score > leader.score ? { record, score } : leader;
    },
    { score: 0 },
  );
  if (best.record !== undefined) return best.record;
  const first = usable[0];
  return pointer.pronoun ? first : undefined;
}
