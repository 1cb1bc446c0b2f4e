import type { ProviderTool } from '@switchboard/core';
import { isPlainObject } from '@switchboard/core';
import type { ToolChoice } from './choose-tool.ts';
import { humanize } from './choose-widget.ts';
import { mainRecords, parseResult } from './parse-result.ts';
import type { SqlPlan } from './query-templates.ts';
import type { ToolExchange } from './read-conversation.ts';
import type { PropertyInfo } from './schema-properties.ts';
import { shortToolName } from './tool-roles.ts';

const MAX_TEXT = 400;
const LISTED_ITEMS = 5;

/**
 * The final reply after a tool call, in a sentence or two: what came back (or how it failed), whether
 * it is on the canvas and, for a question answered from a fixed SQL template, which template.
 */
export function actionReply(
  action: ToolExchange,
  display: ToolExchange | undefined,
  sqlPlan: SqlPlan | undefined,
): string {
  const lines: string[] = [];
  const result = action.result;
  const tool = shortToolName(action.call.name);
  if (result === undefined) lines.push(`${tool} has not answered.`);
  else if (result.is_error) lines.push(`${tool} failed: ${clip(result.content)}`);
  else lines.push(sentence(`Result: ${summarize(parseResult(action.fullText ?? result.content))}`));
  if (display?.result !== undefined) {
    const input = isPlainObject(display.call.input) ? display.call.input : {};
    const widget = String(input.name ?? input.widget ?? input.type ?? 'a');
    lines.push(
      display.result.is_error
        ? `Showing it as a ${widget} widget failed: ${clip(display.result.content)}`
        : 'Shown on the canvas.',
    );
  }
  if (sqlPlan !== undefined && result !== undefined && !result.is_error) {
    const unmatched = unmatchedNames(sqlPlan, parseResult(action.fullText ?? result.content));
    if (unmatched.length > 0)
      lines.push(`No country matched ${unmatched.map((name) => `"${name}"`).join(', ')}.`);
  }
  if (sqlPlan !== undefined)
    lines.push(`(The SQL is my fixed question template "${sqlPlan.template}", matched to your words.)`);
  return lines.join(' ');
}

/**
 * The reply when the best tool lacks required arguments: what was understood and what is missing;
 * after looking at `lookedAt` (the cart before removing from it), that nothing there matched.
 */
export function missingReply(choice: ToolChoice, lookedAt?: string): string {
  if (lookedAt !== undefined)
    return `Nothing in the result of ${shortToolName(lookedAt)} matches what you named, so I did not call ${shortToolName(choice.tool.name)}. Point at one of its items ("the first one") or give its ${choice.fill.missing.map((property) => property.name).join(' and ')}.`;
  const understood =
    Object.keys(choice.fill.args).length > 0 ? ` I understood ${JSON.stringify(choice.fill.args)}.` : '';
  return [
    `The best matching tool is ${choice.tool.name} (${firstSentence(choice.tool.description)}), but I could not fill its required ${plural(choice.fill.missing.length, 'argument')} from your message: ${choice.fill.missing.map(describeProperty).join('; ')}.${understood}`,
    `Say ${choice.fill.missing.length === 1 ? 'it' : 'them'} explicitly, e.g. ${choice.fill.missing.map((property) => `${property.name}=…`).join(' ')}, or point at an item of an earlier result ("the first one").`,
  ].join('\n\n');
}

/**
 * The reply when the tools that fit change something but the request does not name what to do
 * ("empty my cart" is not "checkout"): nothing is called, and it says which words would.
 */
export function unnamedActionReply(text: string, tools: readonly ProviderTool[]): string {
  const listed = tools
    .filter((tool) => tool.annotations?.readOnlyHint !== true)
    .slice(0, 3)
    .map((tool) => `${shortToolName(tool.name)} (${firstSentence(tool.description)})`)
    .join('; ');
  return `I did not act on "${clip(text, 120)}": the tools that come close change things — ${listed} — and your words do not name what any of them does. I call such a tool only when you name its action (e.g. "${shortToolName(tools.find((tool) => tool.annotations?.readOnlyHint !== true)?.name ?? '').replace(/[_-]/g, ' ')} …"), and you are asked before it runs. Ask "help" to see what the connected servers offer.`;
}

/** The reply when the best tool does not cover some words of the request (it would show something else). */
export function notCoveredReply(text: string, tool: ProviderTool, uncovered: readonly string[]): string {
  return `I did not find a tool for "${clip(text, 120)}": the closest, ${shortToolName(tool.name)} (${firstSentence(tool.description)}), does not cover ${uncovered.map((word) => `"${word}"`).join(', ')}, so its result would not answer you. Ask "help" to see what the connected servers offer.`;
}

/** The reply when no tool fits the request (the searches made show as tool-call steps). */
export function noToolReply(text: string): string {
  return `I could not find a tool for "${clip(text, 120)}". Try the words a tool would use, e.g. "search milk", "what is 5 plus 3" or "largest countries by area".`;
}

/** The reply when the conversation has no user request. */
export function noRequestReply(): string {
  return 'There is no request in this conversation for me to act on.';
}

/** The names a template was given as a list (compared countries) that no row of its result carries. */
function unmatchedNames(plan: SqlPlan, value: unknown): string[] {
  const names = plan.params.find(Array.isArray);
  if (names === undefined) return [];
  const rows = mainRecords(value) ?? [];
  const shown = rows.map((row) =>
    Object.values(row)
      .filter((field) => typeof field === 'string')
      .join(' ')
      .toLowerCase(),
  );
  return names.filter(
    (name): name is string =>
      typeof name === 'string' && !shown.some((row) => row.includes(name.toLowerCase())),
  );
}

/** Ends a line with a period unless it already ends a sentence. */
function sentence(line: string): string {
  return /[.!?…]$/.test(line) ? line : `${line}.`;
}

/** A short text summary of a result value. */
function summarize(value: unknown): string {
  if (typeof value === 'string') return clip(value) || '(empty)';
  if (typeof value !== 'object' || value === null) return String(value);
  const inner =
    isPlainObject(value) && isPlainObject(value.params) && typeof value.widget === 'string'
      ? value.params
      : value;
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
  if (isPlainObject(inner)) {
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
