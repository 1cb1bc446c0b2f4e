import { type FillContext, type FilledArguments, fillArguments } from './fill-arguments.ts';
import type { Candidate } from './rank-candidates.ts';
import { schemaProperties } from './schema-properties.ts';

/** A candidate with the arguments the message gives it. */
export interface ToolChoice extends Candidate {
  fill: FilledArguments;
}

/** What to do with the ranked candidates. */
export type Selection =
  | { kind: 'call'; choice: ToolChoice }
  | { kind: 'recall'; choice: ToolChoice; recallId: string }
  | { kind: 'missing'; choice: ToolChoice }
  | { kind: 'none' };

/** Candidates scoring below this share of the best are only taken when nothing better is callable. */
const RELATIVE_SCORE = 0.25;

/**
 * Picks the tool to call. A tool the message fills specifically (numbers, choices, key/value phrases,
 * references, a SQL template) wins among the well-ranked ones; otherwise the best-ranked tool is called
 * when its required arguments are filled (or it has none). When the best-ranked tool lacks required
 * arguments, the selection says which (never a call with guessed values); when a reference sits in a
 * compressed earlier result, it asks for that result to be recalled first.
 */
export function chooseTool(candidates: readonly Candidate[], context: FillContext): Selection {
  const best = candidates[0];
  if (best === undefined) return { kind: 'none' };
  const choices = candidates
    .filter((candidate) => candidate === best || candidate.score >= best.score * RELATIVE_SCORE)
    .map((candidate): ToolChoice => ({ ...candidate, fill: fillArguments(candidate.tool, context) }));
  const specific = choices.find((choice) => isSpecific(choice));
  if (specific !== undefined) {
    const recallId = specific.fill.missing.length > 0 ? specific.fill.recallId : undefined;
    return recallId === undefined
      ? { kind: 'call', choice: specific }
      : { kind: 'recall', choice: specific, recallId };
  }
  const top = choices[0] as ToolChoice;
  if (top.fill.missing.length === 0) return { kind: 'call', choice: top };
  const provider = providerOfMissing(top, choices);
  return provider ? { kind: 'call', choice: provider } : { kind: 'missing', choice: top };
}

/**
 * A complete candidate that a missing argument's description names as its source ("Product code from
 * search_products"): calling it first is the step a person would take.
 */
function providerOfMissing(top: ToolChoice, choices: readonly ToolChoice[]): ToolChoice | undefined {
  const sources = top.fill.missing.map((property) => property.description.toLowerCase());
  return choices.find(
    (choice) =>
      choice !== top &&
      choice.fill.missing.length === 0 &&
      sources.some((source) => source.includes(realToolName(choice.tool.name))),
  );
}

/** The server's own tool name inside a prefixed name (`shop_mcp_search_products` → `search_products`). */
function realToolName(prefixedName: string): string {
  const match = /_(?:mcp|webmcp)_(.+)$/.exec(prefixedName);
  return (match ? match[1] : prefixedName).toLowerCase();
}

/** Complete with at least one required argument filled from specific evidence, or waiting on a recall. */
function isSpecific(choice: ToolChoice): boolean {
  const { fill } = choice;
  if (fill.missing.length > 0) return fill.recallId !== undefined;
  const required = schemaProperties(choice.tool.input_schema).filter((property) => property.required);
  return required.some((property) => fill.specific.includes(property.name));
}
