/**
 * Splits an identifier or a phrase into lowercase words: snake_case, kebab-case, camelCase,
 * PascalCase, acronyms (`listMCPTools` → list, mcp, tools), dots and spaces all separate words.
 */
export function splitWords(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}
