import { isPlainObject, type McpToolDef, type ProviderTool, ToolSearchIndex } from '@switchboard/core';
import { subjectWords, words } from './message-words.ts';
import { parseResult } from './parse-result.ts';
import type { ToolExchange } from './read-conversation.ts';
import { type OfferedTools, shortToolName, toolRole } from './tool-roles.ts';

/** A tool that may do the user's work, with its relevance. */
export interface Candidate {
  tool: ProviderTool;
  /** BM25 relevance; comparable only within one ranking. */
  score: number;
}

/**
 * The tools the search calls of this turn found, best first, that are now offered and do work (not
 * discovery or UI tools). Results of every searched server share one ranking (the catalog's index),
 * so their scores compare; results without scores keep their order.
 */
export function candidatesFromSearch(turn: readonly ToolExchange[], offered: OfferedTools): Candidate[] {
  const found = new Map<string, number>();
  for (const exchange of turn) {
    if (toolRole(exchange.call.name) !== 'search' || exchange.fullText === undefined) continue;
    const value = parseResult(exchange.fullText);
    const results = isPlainObject(value) && Array.isArray(value.results) ? value.results : [];
    results.forEach((result, index) => {
      const name = isPlainObject(result) && typeof result.name === 'string' ? result.name : undefined;
      const score =
        isPlainObject(result) && typeof result.score === 'number' ? result.score : 1 / (index + 1);
      if (name !== undefined && score > (found.get(name) ?? Number.NEGATIVE_INFINITY)) found.set(name, score);
    });
  }
  return [...found]
    .flatMap(([name, score]) => {
      const tool = offered.byName.get(name);
      return tool === undefined || toolRole(name) !== 'action' ? [] : [{ tool, score }];
    })
    .sort((left, right) => right.score - left.score);
}

/**
 * Ranks the offered action tools for a query with core's `ToolSearchIndex` — the BM25 ranking the
 * model's `search_tools` uses — over each tool's own name, description and parameters.
 */
export function rankOfferedTools(query: string, offered: OfferedTools): Candidate[] {
  const tools = offered.all.filter((tool) => toolRole(tool.name) === 'action');
  const definitions = new Map<McpToolDef, ProviderTool>();
  for (const tool of tools) {
    definitions.set(
      { name: shortToolName(tool.name), description: tool.description, inputSchema: tool.input_schema },
      tool,
    );
  }
  const index = new ToolSearchIndex();
  index.add(
    { protocol: 'mcp', serverName: 'offered', tools: [...definitions.keys()] },
    { server: 'offered', nameOf: (definition) => definitions.get(definition)?.name ?? definition.name },
  );
  return index.search(query, { limit: 20 }).flatMap((hit) => {
    const tool = offered.byName.get(hit.prefixedName);
    return tool === undefined ? [] : [{ tool, score: hit.score }];
  });
}

/**
 * The words of a request (3+ letters, not numbers, not command words) that nothing in a tool's name,
 * description or parameters starts like: what the tool would leave unanswered if called with no
 * argument taken from the request.
 */
export function wordsNotCovered(tool: ProviderTool, text: string): string[] {
  const toolWords = wordsOfTool(tool);
  const covered = (start: string) => toolWords.some((toolWord) => toolWord.startsWith(start));
  const said = subjectWords(text);
  // Two words in a row may name one of the tool's ("check out" → checkout).
  return said.filter(
    (word, index) =>
      word.length >= 3 &&
      !/^\d+$/.test(word) &&
      !covered(stemOf(word)) &&
      !covered(`${said[index - 1] ?? ''}${word}`) &&
      !covered(`${word}${said[index + 1] ?? ''}`),
  );
}

/**
 * The candidates that share a word with the query — a query word (3+ letters, simple endings removed)
 * starting a word of the tool's name, description or parameter names. Fuzzy ranking alone ("rain" ~
 * "grain") is not enough to call a tool.
 */
export function keepRelevant(candidates: readonly Candidate[], query: string): Candidate[] {
  const stems = words(query)
    .filter((word) => word.length >= 3 && !/^\d+$/.test(word))
    .map(stemOf);
  return candidates.filter((candidate) => {
    const toolWords = wordsOfTool(candidate.tool);
    return stems.some((stem) => toolWords.some((word) => word.startsWith(stem)));
  });
}

function wordsOfTool(tool: ProviderTool): string[] {
  const properties = isPlainObject(tool.input_schema.properties)
    ? Object.keys(tool.input_schema.properties)
    : [];
  return words(
    `${shortToolName(tool.name)} ${tool.description} ${properties.join(' ')}`.replace(/[_-]/g, ' '),
  );
}

/** A word with simple endings removed, as tool words are matched by their start. */
function stemOf(word: string): string {
  return word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word;
}
