import type { PromptChoice } from './server-content.ts';

/** The slash command being typed: what follows a leading `/` while the draft is one word; else undefined. */
export function slashQuery(draft: string): string | undefined {
  const match = /^\/(\S*)$/.exec(draft);
  return match ? match[1] : undefined;
}

/** The prompts whose name, title or server contains the query (case-insensitive), names first. */
export function matchPrompts(prompts: readonly PromptChoice[], query: string): PromptChoice[] {
  const wanted = query.toLowerCase();
  const named = prompts.filter((prompt) => prompt.name.toLowerCase().includes(wanted));
  const other = prompts.filter(
    (prompt) =>
      !named.includes(prompt) && `${prompt.title ?? ''} ${prompt.server}`.toLowerCase().includes(wanted),
  );
  return [...named, ...other];
}

/**
 * The highlighted entry after a key: ArrowDown and ArrowUp move through `count` entries, wrapping
 * around; Home and End jump; any other key keeps it (kept within the list).
 */
export function moveHighlight(index: number, count: number, key: string): number {
  if (count === 0) return 0;
  const within = Math.min(Math.max(index, 0), count - 1);
  if (key === 'ArrowDown') return (within + 1) % count;
  if (key === 'ArrowUp') return (within - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return within;
}
