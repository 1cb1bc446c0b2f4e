import { isPlainObject } from '@switchboard/core';
import { contentWords } from './message-words.ts';
import { parseResult } from './parse-result.ts';
import type { PlannedCall } from './plan-next-step.ts';
import type { ToolExchange } from './read-conversation.ts';
import { type OfferedTools, shortToolName, toolPrefix, toolRole } from './tool-roles.ts';

/**
 * Words of a request that asks what the planner can do rather than asking it to do something
 * ("help", "what can you do?", "hello", "which tools do you have?"): a request whose content words
 * are all among these (or that has none) is answered with what the connected servers offer.
 */
const HELP_WORDS: ReadonlySet<string> = new Set(
  (
    'help hi hello hey tools tool capabilities capability abilities commands features options able ' +
    'examples example try ask start started support supported offer menu usage work works possible ' +
    'things else available servers server know'
  ).split(' '),
);

/** Whether a request asks what can be done here (or says nothing a tool could act on). */
export function isHelpRequest(text: string): boolean {
  return contentWords(text).every((word) => HELP_WORDS.has(word));
}

/** The calls that read what each connected server offers: its tool list and its recipe list. */
export function helpCalls(offered: OfferedTools): PlannedCall[] {
  const ui = new Set(
    [...offered.ofRole('widget'), ...offered.ofRole('canvas')].map((tool) => toolPrefix(tool.name)),
  );
  return offered.all
    .filter((tool) => {
      const prefix = toolPrefix(tool.name);
      if (prefix === '' || ui.has(prefix)) return false;
      return tool.name.endsWith('_list_tools') || tool.name.endsWith('_list_recipes');
    })
    .map((tool) => ({ name: tool.name, input: {} }));
}

/** Whether this turn has read what the servers offer. */
export function readServerOfferings(turn: readonly ToolExchange[]): boolean {
  return turn.some((exchange) => ['list', 'recipe'].includes(toolRole(exchange.call.name)));
}

/**
 * The answer to a help request, from the tool and recipe lists this turn read: per server, its
 * tools (marked when they change something, so they are asked about first) and its recipes, then
 * how to ask.
 */
export function helpReply(turn: readonly ToolExchange[], offered: OfferedTools): string {
  // By the prefix of the listing tools (`shop_mcp`); a tool listing names its server.
  const servers = new Map<string, { name: string; tools: string[]; recipes: string[] }>();
  for (const exchange of turn) {
    const value = exchange.fullText === undefined ? undefined : parseResult(exchange.fullText);
    if (!isPlainObject(value)) continue;
    const prefix = toolPrefix(exchange.call.name);
    const entry = servers.get(prefix) ?? {
      name: prefix.replace(/_(?:mcp|webmcp)$/, ''),
      tools: [],
      recipes: [],
    };
    servers.set(prefix, entry);
    if (typeof value.server === 'string') entry.name = value.server;
    for (const tool of listed(value.tools)) {
      if (toolRole(tool.name) !== 'action') continue;
      const offeredTool = offered.byName.get(`${prefix}_${tool.name}`) ?? offered.byName.get(tool.name);
      const changes = offeredTool?.annotations?.readOnlyHint !== true;
      entry.tools.push(`${shortToolName(tool.name)}${changes ? '*' : ''} (${firstWords(tool.description)})`);
    }
    for (const recipe of listed(value.recipes))
      entry.recipes.push(`${recipe.name}${recipe.description ? ` (${firstWords(recipe.description)})` : ''}`);
  }
  if (servers.size === 0)
    return 'I am the offline planner (rule-based, not a language model), and no server is connected, so there is nothing I can do yet.';
  const lines = [
    'I am the offline planner (rule-based, not a language model): I call the connected servers’ tools when your words name what to do. They offer:',
  ];
  for (const { name, tools, recipes } of servers.values()) {
    if (tools.length > 0) lines.push(`• ${name}: ${tools.join('; ')}.`);
    if (recipes.length > 0) lines.push(`  Recipes: ${recipes.join('; ')}.`);
  }
  lines.push(
    'Tools marked * change something: I call them only when you name the action, and you are asked before they run. Ask with the words a tool uses, e.g. "search milk", "what is 5 plus 3" or "largest countries by area".',
  );
  return lines.join('\n');
}

function listed(value: unknown): Array<{ name: string; description?: string }> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) =>
    isPlainObject(item) && typeof item.name === 'string'
      ? [
          {
            name: item.name,
            ...(typeof item.description === 'string' ? { description: item.description } : {}),
          },
        ]
      : [],
  );
}

/** The first sentence of a description, at most 80 characters. */
function firstWords(text = ''): string {
  const sentence = (text.trim().split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? '').replace(/[.!?]$/, '');
  return sentence.length <= 80 ? sentence : `${sentence.slice(0, 79)}…`;
}
