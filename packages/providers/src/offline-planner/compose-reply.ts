import type { ToolChoice } from './choose-tool.ts';
import { humanize } from './choose-widget.ts';
import type { SqlPlan } from './country-questions.ts';
import { isRecord, mainRecords, parseResult } from './parse-result.ts';
import { OFFLINE_PLANNER_NOTICE } from './planner-notice.ts';
import type { ToolExchange } from './read-conversation.ts';
import type { PropertyInfo } from './schema-properties.ts';

const MAX_TEXT = 400;
const LISTED_ITEMS = 5;

/** The line said while searching tools. */
export function searchNarration(query: string): string {
  return `Offline planner: searching the tools for "${query}".\n\n`;
}

/** The line said when calling the chosen tool. */
export function callNarration(choice: ToolChoice): string {
  const notes = choice.fill.notes.length > 0 ? ` (${choice.fill.notes.join('; ')})` : '';
  return `Calling ${choice.tool.name} with ${JSON.stringify(choice.fill.args)}${notes}.\n\n`;
}

/** The line said when recalling a compressed earlier result. */
export function recallNarration(choice: ToolChoice, id: string): string {
  return `Reading the earlier result ${id} again in full, to find the ${choice.fill.missing.map((property) => property.name).join(', ')} for ${choice.tool.name}.\n\n`;
}

/** The line said when displaying a widget. */
export function displayNarration(widget: string): string {
  return `Showing the result as a ${widget} widget.\n\n`;
}

/** The final reply after a tool call: what was called, what came back, how it was shown, and the notice. */
export function actionReply(
  action: ToolExchange,
  display: ToolExchange | undefined,
  sqlPlan: SqlPlan | undefined,
): string {
  const lines = [`I called ${action.call.name} with ${JSON.stringify(action.call.input)}.`];
  if (sqlPlan !== undefined) {
    lines.push(
      `The SQL comes from my fixed question template "${sqlPlan.template}" (${sqlPlan.title}); I matched your words to the template, I did not understand the question the way a language model would.`,
    );
  }
  const result = action.result;
  if (result === undefined) lines.push('It has not answered.');
  else if (result.is_error) lines.push(`It failed: ${clip(result.content)}`);
  else lines.push(`Result: ${summarize(parseResult(action.fullText ?? result.content))}`);
  if (display?.result !== undefined) {
    const input = isRecord(display.call.input) ? display.call.input : {};
    const widget = String(input.name ?? input.widget ?? input.type ?? 'a');
    lines.push(
      display.result.is_error
        ? `Showing it as a ${widget} widget failed: ${clip(display.result.content)}`
        : `It is shown as a ${widget} widget.`,
    );
  }
  return withNotice(lines);
}

/** The reply when the best tool lacks required arguments: what was understood and what is missing. */
export function missingReply(choice: ToolChoice): string {
  const understood =
    Object.keys(choice.fill.args).length > 0 ? ` I understood ${JSON.stringify(choice.fill.args)}.` : '';
  return withNotice([
    `The best matching tool is ${choice.tool.name} (${firstSentence(choice.tool.description)}), but I could not fill its required ${plural(choice.fill.missing.length, 'argument')} from your message: ${choice.fill.missing.map(describeProperty).join('; ')}.${understood}`,
    `Say ${choice.fill.missing.length === 1 ? 'it' : 'them'} explicitly, e.g. ${choice.fill.missing.map((property) => `${property.name}=…`).join(' ')}, or point at an item of an earlier result ("the first one").`,
  ]);
}

/** The reply when no tool fits the request. */
export function noToolReply(text: string, query: string, searched: readonly string[]): string {
  const how =
    searched.length > 0
      ? `I searched the tools with ${searched.join(', ')} for "${query}"`
      : `I ranked the available tools for "${query}"`;
  return withNotice([
    `I could not find a tool for "${clip(text)}". ${how} and nothing matched that I could call.`,
    'Try the words a tool would use (e.g. "search milk", "what is 5 plus 3", "largest countries by area").',
  ]);
}

/** The reply when the conversation has no user request. */
export function noRequestReply(): string {
  return withNotice(['There is no request in this conversation for me to act on.']);
}

function withNotice(lines: string[]): string {
  return `${lines.join('\n\n')}\n\n${OFFLINE_PLANNER_NOTICE}`;
}

/** A short text summary of a result value. */
function summarize(value: unknown): string {
  if (typeof value === 'string') return clip(value) || '(empty)';
  if (typeof value !== 'object' || value === null) return String(value);
  const inner =
    isRecord(value) && isRecord(value.params) && typeof value.widget === 'string' ? value.params : value;
  const records = mainRecords(inner);
  if (records !== undefined && records.length === 1 && Object.keys(records[0] as object).length <= 2) {
    return summarize(records[0]);
  }
  if (records !== undefined) {
    const labels = records.slice(0, LISTED_ITEMS).map(labelOf).join(', ');
    const end = records.length > LISTED_ITEMS ? ', …' : '.';
    return `${records.length} ${records.length === 1 ? 'item' : 'items'}: ${labels}${end}`;
  }
  if (Array.isArray(inner))
    return inner.length === 0 ? 'nothing (an empty list).' : clip(JSON.stringify(inner));
  if (isRecord(inner)) {
    const rows = Object.values(inner).find(Array.isArray);
    if (rows !== undefined && rows.length === 0) return 'nothing matched (no rows).';
    const fields = Object.entries(inner)
      .filter(([, field]) => field !== null && typeof field !== 'object')
      .slice(0, 8)
      .map(([key, field]) => `${humanize(key)}: ${String(field)}`);
    return fields.length > 0 ? `${fields.join('; ')}.` : clip(JSON.stringify(inner));
  }
  return clip(JSON.stringify(inner));
}

function labelOf(record: Record<string, unknown>): string {
  const key = ['name', 'label', 'title', 'code', 'id'].find(
    (candidate) => typeof record[candidate] === 'string',
  );
  return key === undefined ? clip(JSON.stringify(record), 80) : String(record[key]);
}

function describeProperty(property: PropertyInfo): string {
  const type = property.types.join(' or ') || 'value';
  return `${property.name} (${type}${property.description ? `: ${clip(property.description, 120)}` : ''})`;
}

function firstSentence(text: string): string {
  const sentence = /^.*?[.!?](?=\s|$)/.exec(text.trim())?.[0] ?? text.trim();
  return clip(sentence.replace(/[.!?]$/, ''), 160) || 'no description';
}

function plural(count: number, word: string): string {
  return count === 1 ? word : `${word}s`;
}

function clip(text: string, max = MAX_TEXT): string {
  const clean = text.trim().replace(/\s+/g, ' ');
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
