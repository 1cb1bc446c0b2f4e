import { isPlainObject } from '@switchboard/core';
import type { CountryQuestion, TemplateVariant } from './country-question.ts';
import type { ToolExchange } from './read-conversation.ts';
import { toolRole } from './tool-roles.ts';

/** The recipe in which the open-data server publishes its query templates. */
export const QUERY_TEMPLATES_RECIPE = 'country-questions';

/** One query template as the recipe publishes it: a template's variant and its SQL. */
export interface QueryTemplate extends TemplateVariant {
  template: string;
  sql: string;
}

/** A read-only query built from a template for one question. */
export interface SqlPlan {
  /** Which template produced it, e.g. `largest countries by area`. */
  template: string;
  /** A title for the result, e.g. `Largest countries in Africa by area (km²)`. */
  title: string;
  sql: string;
  params: unknown[];
}

const VARIANT_FLAGS = ['place', 'map', 'landlocked'] as const;

/**
 * The query templates of the recipes read so far in a conversation: the rows of each JSON block of a
 * recipe result that carry a `template` and its `sql`.
 */
export function readQueryTemplates(exchanges: readonly ToolExchange[]): QueryTemplate[] {
  return exchanges.flatMap((exchange) => {
    const { result } = exchange;
    if (toolRole(exchange.call.name) !== 'recipe' || result === undefined || result.is_error) return [];
    const text = exchange.fullText ?? result.content;
    return [...text.matchAll(/```json\n([\s\S]*?)```/g)].flatMap(([, block]) => templateRows(block ?? ''));
  });
}

/** Whether the recipe that publishes the templates was asked for in these exchanges. */
export function askedForTemplates(exchanges: readonly ToolExchange[]): boolean {
  return exchanges.some(
    (exchange) =>
      toolRole(exchange.call.name) === 'recipe' &&
      isPlainObject(exchange.call.input) &&
      exchange.call.input.name === QUERY_TEMPLATES_RECIPE,
  );
}

/** The query for a question, from the template of its name and variant; undefined when none is published. */
export function sqlPlanFor(
  question: CountryQuestion | undefined,
  templates: readonly QueryTemplate[],
): SqlPlan | undefined {
  if (question === undefined) return undefined;
  const found = templates.find(
    (row) =>
      row.template === question.template &&
      VARIANT_FLAGS.every((flag) => Boolean(row[flag]) === Boolean(question.variant[flag])),
  );
  return found === undefined
    ? undefined
    : { template: question.template, title: question.title, sql: found.sql, params: question.params };
}

function templateRows(block: string): QueryTemplate[] {
  let rows: unknown;
  try {
    rows = JSON.parse(block);
  } catch {
    return [];
  }
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (row): row is QueryTemplate =>
      isPlainObject(row) && typeof row.template === 'string' && typeof row.sql === 'string',
  );
}
