/** The server's own name of a prefixed tool name: `shop_mcp_search_products` → `search_products`. */
export function shortToolName(name: string): string {
  return /_(?:mcp|webmcp)_(.+)$/.exec(name)?.[1] ?? name;
}

/** Words written in capitals in a tool's name in words. */
const ACRONYMS = /\b(?:sql|id|url|api|csv|json|html|mcp|ui)\b/g;

/** A tool's name in words: `shop_mcp_search_products` → `Search products`, `query_sql` → `Query SQL`. */
export function toolLabel(name: string): string {
  const words = shortToolName(name)
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
    .replace(ACRONYMS, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A call's arguments in a few characters: `query: milk, limit: 5` (longer values cut). */
export function argumentsText(args: unknown, max = 80): string {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return args === undefined ? '' : clip(JSON.stringify(args), max);
  const text = Object.entries(args)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
  return clip(text, max);
}

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
}
