import type { ProviderTool } from '@switchboard/core';
import { words } from './message-words.ts';
import { shortToolName } from './tool-roles.ts';

/**
 * Whether a tool may change something, as the MCP spec reads its annotations: every tool that does
 * not say `readOnlyHint: true` may.
 */
export function changesState(tool: ProviderTool): boolean {
  return tool.annotations?.readOnlyHint !== true;
}

/**
 * The verbs that name what a tool does: the first word of its name (`remove_from_cart` → remove,
 * `checkout` → checkout), of its title (`Store a value` → store; `Check out` is the name's word)
 * and of its description (`Place the order…` → place), as stems.
 */
export function actionStems(tool: ProviderTool): string[] {
  const fromName = words(shortToolName(tool.name).replace(/[_-]/g, ' '))[0];
  const [first, second] = words(tool.title ?? '');
  // "Check out" is the name's checkout, not "check".
  const fromTitle = `${first}${second}` === fromName ? undefined : first;
  const fromDescription = words(tool.description)[0];
  return [fromName, fromTitle, fromDescription].flatMap((word) => (word === undefined ? [] : [stem(word)]));
}

/**
 * Whether a request names what a tool does: one of its words — or two in a row written as one,
 * "check out" for checkout — is one of the tool's verbs, in its plain or -s/-ing form ("stored" and
 * "added" describe, they do not ask). A tool that may change something is only called when it does.
 */
export function namesAction(tool: ProviderTool, text: string): boolean {
  const stems = new Set(actionStems(tool));
  const said = words(text).filter((word) => !word.endsWith('ed'));
  const joined = said.slice(1).map((word, index) => `${said[index]}${word}`);
  return [...said, ...joined].some((word) => stems.has(stem(word)));
}

/**
 * Whether a tool may destroy or overwrite something, as the MCP spec reads its annotations: not
 * read-only, and not `destructiveHint: false`. Such a tool acts on what exists now, so the things it
 * names are looked up where they are (see `look-first.ts`).
 */
export function isDestructive(tool: ProviderTool): boolean {
  return changesState(tool) && tool.annotations?.destructiveHint !== false;
}

/** A word without its -ing, -es, -s or final -e ("stores", "storing", "store" → stor). */
export function stem(word: string): string {
  const cut = word.length > 3 ? word.replace(/(?:ing|es|s)$/, '') : word;
  const bare = cut.length >= 3 ? cut : word;
  return bare.length > 3 ? bare.replace(/e$/, '') : bare;
}
