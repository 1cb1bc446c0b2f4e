import type { ProviderTool } from '@switchboard/core';
import { isDestructive } from './action-words.ts';
import { readCountryQuestion } from './country-question.ts';
import { readDate } from './extract/dates.ts';
import { findChoice } from './extract/enum-values.ts';
import { readKeyValue } from './extract/key-value.ts';
import { readCount, readNumbers, spellOutOperators } from './extract/numbers.ts';
import { findReference } from './extract/references.ts';
import { sameObject } from './look-first.ts';
import { subjectWords } from './message-words.ts';
import { readQueryTemplates, type SqlPlan, sqlPlanFor } from './query-templates.ts';
import type { ToolExchange } from './read-conversation.ts';
import { type PropertyInfo, schemaProperties } from './schema-properties.ts';

/** What argument filling reads besides the tool. */
export interface FillContext {
  /** The user's request. */
  text: string;
  /** Every tool call of the conversation so far, oldest first (for references to earlier results). */
  exchanges: readonly ToolExchange[];
  /** Whether a compressed earlier result can be recalled. */
  canRecall: boolean;
  now: Date;
  /** Words of the offered tools' names (`add`, `cart`, …): they say what to do, so free text leaves them out. */
  toolWords?: ReadonlySet<string>;
}

/** Arguments filled from a message for one tool. */
export interface FilledArguments {
  args: Record<string, unknown>;
  /** Properties filled from specific evidence: numbers, choices, key/value phrases, references, templates. */
  specific: string[];
  /** Properties filled from the message's general words (a search query, a subject phrase). */
  general: string[];
  /** Required properties nothing in the message fills. */
  missing: PropertyInfo[];
  /** An earlier result, compressed in the history, that must be recalled before a reference can be read. */
  recallId?: string;
  /** The SQL template used, when the tool takes SQL. */
  sqlPlan?: SqlPlan;
}

const QUERY_NAMES = /^(?:q|query|search|keywords?|terms?|text|topic|question|prompt)$/i;
const SUBJECT_NAMES = /^(?:city|country|place|location|region|name|title|subject|term|word)$/i;
const KEY_NAMES = /^key$|Key$|_key$/;
const VALUE_NAMES = /^(?:value|content|data|body)$/i;
/** Names of properties that hold a reference (a code or id), filled from earlier results. */
export const REFERENCE_NAMES = /^(?:code|id|sku|uuid|ref)$|(?:_id|Id|_code|Code)$/;
const LIMIT_NAMES = /^(?:limit|count|top|max|max_?results|n)$/i;
const QUANTITY_NAMES = /^(?:quantity|qty|amount|units)$/i;

/**
 * Fills a tool's arguments from the user's message by its JSON Schema — explicit `name=value` pairs,
 * SQL from a country-question template (for a countries SQL tool), choices named in the message (with
 * operation words: plus → add; choices only listed in a description count as general evidence), key/value phrases ("store hello under greeting"), values of earlier
 * results ("the first one"), dates, numbers in order, quoted strings, then free text for query- or
 * subject-like properties. Optional properties are only set on specific evidence. Never invents a value:
 * what it cannot fill is reported as missing.
 */
export function fillArguments(tool: ProviderTool, context: FillContext): FilledArguments {
  const properties = schemaProperties(tool.input_schema);
  const filled: FilledArguments = { args: {}, specific: [], general: [], missing: [] };
  const open = (property: PropertyInfo) => !(property.name in filled.args);
  const set = (property: PropertyInfo, value: unknown, how: 'specific' | 'general') => {
    filled.args[property.name] = value;
    filled[how].push(property.name);
  };
  const reading = readKeyValue(context.text);

  for (const property of properties) {
    const explicit = reading.pairs.get(property.name);
    const coerced = explicit === undefined ? undefined : coerce(explicit, property);
    if (coerced !== undefined) set(property, coerced, 'specific');
  }
  fillSql(tool, properties, context, filled, open);
  for (const property of properties.filter(open)) {
    const value = specificValue(property, tool, context, reading, filled);
    if (value !== undefined) set(property, value, property.choicesFromDescription ? 'general' : 'specific');
  }
  fillNumbers(properties.filter(open), context.text, set);
  const quoted = [...reading.quoted];
  for (const property of properties.filter((candidate) => open(candidate) && candidate.required)) {
    if (property.types.includes('string') && quoted.length > 0) set(property, quoted.shift(), 'specific');
  }
  for (const property of properties.filter((candidate) => open(candidate) && candidate.required)) {
    const value = generalValue(property, context);
    if (value !== undefined) set(property, value, 'general');
  }
  filled.missing = properties.filter((property) => property.required && open(property));
  return filled;
}

function fillSql(
  tool: ProviderTool,
  properties: PropertyInfo[],
  context: FillContext,
  filled: FilledArguments,
  open: (property: PropertyInfo) => boolean,
): void {
  const sql = properties.find((property) => property.name === 'sql' && property.types.includes('string'));
  if (sql === undefined || !open(sql) || !isCountrySqlTool(tool)) return;
  const plan = sqlPlanFor(readCountryQuestion(context.text), readQueryTemplates(context.exchanges));
  if (plan === undefined) return;
  filled.args.sql = plan.sql;
  filled.specific.push('sql');
  const params = properties.find(
    (property) => property.name === 'params' && property.types.includes('array'),
  );
  if (params !== undefined) {
    filled.args.params = plan.params;
    filled.specific.push('params');
  }
  filled.sqlPlan = plan;
}

/** A tool that takes SQL over a database of countries (the open-data server's `query_sql`). */
export function isCountrySqlTool(tool: ProviderTool): boolean {
  return (
    /\bcountr/i.test(tool.description) &&
    schemaProperties(tool.input_schema).some(
      (property) => property.name === 'sql' && property.types.includes('string'),
    )
  );
}

function specificValue(
  property: PropertyInfo,
  tool: ProviderTool,
  context: FillContext,
  reading: ReturnType<typeof readKeyValue>,
  filled: FilledArguments,
): unknown {
  if (property.choices !== undefined) return findChoice(property.choices, spellOutOperators(context.text));
  if (!property.types.includes('string')) return undefined;
  if (KEY_NAMES.test(property.name) && reading.key !== undefined) return reading.key;
  if (VALUE_NAMES.test(property.name) && reading.value !== undefined) return reading.value;
  if (property.format === 'date' || property.format === 'date-time' || /date|day/i.test(property.name)) {
    const date = readDate(context.text, context.now);
    if (date !== undefined) return property.format === 'date-time' ? `${date}T00:00:00Z` : date;
  }
  if (REFERENCE_NAMES.test(property.name)) {
    const code = /\b[A-Z]{2,}-\d+\b/.exec(context.text)?.[0];
    if (code !== undefined) return code;
    const lookup = findReference(
      property.name,
      tool.name,
      context.text,
      context.exchanges,
      context.canRecall,
      isDestructive(tool) ? sameObject(tool) : undefined,
    );
    if (lookup !== undefined && 'recallId' in lookup) filled.recallId ??= lookup.recallId;
    if (lookup !== undefined && 'found' in lookup) return lookup.found.value;
  }
  return undefined;
}

function fillNumbers(
  properties: PropertyInfo[],
  text: string,
  set: (property: PropertyInfo, value: unknown, how: 'specific') => void,
): void {
  const numeric = properties.filter((property) =>
    property.types.some((type) => type === 'number' || type === 'integer'),
  );
  for (const property of numeric.filter((candidate) => !candidate.required)) {
    const kind = LIMIT_NAMES.test(property.name)
      ? 'limit'
      : QUANTITY_NAMES.test(property.name)
        ? 'quantity'
        : undefined;
    const value = kind === undefined ? undefined : readCount(text, kind);
    if (value !== undefined) set(property, value, 'specific');
  }
  const numbers = readNumbers(text);
  for (const property of numeric.filter((candidate) => candidate.required)) {
    const index = numbers.findIndex(
      (value) => !property.types.every((type) => type === 'integer') || Number.isInteger(value),
    );
    if (index === -1) continue;
    set(property, numbers[index], 'specific');
    numbers.splice(index, 1);
  }
}

function generalValue(property: PropertyInfo, context: FillContext): unknown {
  const { text } = context;
  if (!property.types.includes('string')) return undefined;
  if (QUERY_NAMES.test(property.name)) {
    const query = subjectWords(text)
      .filter((word) => !context.toolWords?.has(word))
      .join(' ');
    return query === '' ? undefined : query;
  }
  if (SUBJECT_NAMES.test(property.name)) {
    const match = /\b(?:in|for|of|about|at|near|called|named)\s+(?:the\s+)?([^?.!,;]+?)\s*[?.!]*$/i.exec(
      text,
    );
    return match?.[1];
  }
  return undefined;
}

function coerce(text: string, property: PropertyInfo): unknown {
  const { types } = property;
  if ((types.includes('number') || types.includes('integer')) && /^-?\d+(?:\.\d+)?$/.test(text)) {
    const value = Number(text);
    return types.includes('number') || Number.isInteger(value) ? value : undefined;
  }
  if (types.includes('boolean') && /^(?:true|false|yes|no)$/i.test(text)) return /^(?:true|yes)$/i.test(text);
  if (types.includes('string') || types.length === 0) return text;
  return undefined;
}
