/** The baseline of bench:retrieval: plain BM25 over the same text as the search index reads. */
import type { McpLayer } from '@switchboard/core';
import MiniSearch from 'minisearch';
import { ENGLISH_STOP_WORDS } from '../../packages/core/src/discovery/stop-words.ts';
import { parameterText } from '../../packages/core/src/discovery/tool-search-text.ts';

/** A ranker: tool names for a query, best first. */
export type Ranker = (query: string, limit: number) => string[] | Promise<string[]>;

/**
 * Plain BM25 (MiniSearch's defaults: its tokenizer, lowercase, no stemming, no synonyms, no fields,
 * no boosts) over each tool's name, title, description, parameters and its server's name,
 * description and category — with English function words dropped, as any BM25 setup does.
 */
export function plainBm25(layers: ReadonlyArray<McpLayer & { category?: string }>): Ranker {
  const index = new MiniSearch<{ id: number; name: string; text: string }>({
    fields: ['text'],
    storeFields: ['name'],
    processTerm: (term) => {
      const lower = term.toLowerCase();
      return ENGLISH_STOP_WORDS.has(lower) ? null : lower;
    },
  });
  let id = 0;
  for (const layer of layers) {
    const serverText = `${layer.serverName} ${layer.description ?? ''} ${layer.category ?? ''}`;
    index.addAll(
      layer.tools.map((tool) => ({
        id: id++,
        name: tool.name,
        text: `${tool.name} ${tool.title ?? ''} ${tool.description ?? ''} ${parameterText(tool.inputSchema)} ${serverText}`,
      })),
    );
  }
  return (query, limit) => {
    const names: string[] = [];
    for (const hit of index.search(query)) {
      const name = hit.name as string;
      if (!names.includes(name)) names.push(name);
      if (names.length >= limit) break;
    }
    return names;
  };
}
