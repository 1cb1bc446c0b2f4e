import type { ToolLayer } from '../types/index.ts';
import { ToolCatalog } from './tool-catalog.ts';

/**
 * The structured system prompt for a set of layers (see `ToolCatalog.systemPrompt`). It names
 * canonical recipe tools; use `buildSystemPromptWithAliases` to get the alias table that maps them
 * to the servers' real names, or better, keep the `ToolCatalog`.
 */
export function buildSystemPrompt(layers: readonly ToolLayer[]): string {
  return new ToolCatalog(layers).systemPrompt();
}

/** The system prompt and its alias table (canonical name → real name), from one fresh catalog. */
export function buildSystemPromptWithAliases(layers: readonly ToolLayer[]): {
  prompt: string;
  aliasMap: Map<string, string>;
} {
  const catalog = new ToolCatalog(layers);
  return { prompt: catalog.systemPrompt(), aliasMap: catalog.aliasMap() };
}
