import type { ProviderTool } from '@switchboard/core';
import { actionStems, changesState, isDestructive, stem } from './action-words.ts';
import { words } from './message-words.ts';
import { mainRecords, parseResult } from './parse-result.ts';
import type { ToolExchange } from './read-conversation.ts';
import { schemaProperties } from './schema-properties.ts';
import { type OfferedTools, shortToolName, toolRole } from './tool-roles.ts';

/** The words of a tool's name that say what it acts on (`remove_from_cart` → cart), as stems. */
function objectStems(tool: ProviderTool): string[] {
  const verbs = new Set(actionStems(tool));
  return words(shortToolName(tool.name).replace(/[_-]/g, ' '))
    .filter((word) => word.length >= 3 && !['from', 'into', 'with'].includes(word))
    .map(stem)
    .filter((word) => !verbs.has(word));
}

/**
 * Whether a tool name acts on the same object as `tool` (`get_cart`, `show_cart` and `add_to_cart`
 * for `remove_from_cart`): a word of its name, not the verb, is one of `tool`'s.
 */
export function sameObject(tool: ProviderTool): (name: string) => boolean {
  const objects = new Set(objectStems(tool));
  return (name) => words(shortToolName(name).replace(/[_-]/g, ' ')).some((word) => objects.has(stem(word)));
}

/**
 * Before a destructive tool is called on something named by an earlier result ("remove the milk"),
 * the planner looks where that thing is now: the read-only tool of the same object (`get_cart` for
 * `remove_from_cart`), unless this turn looked already or the newest result that lists such things
 * came from a tool of that object. A search result from before says what existed then, not what the
 * cart holds. Returns the tool to call first, or undefined.
 */
export function toolToLookAtFirst(
  tool: ProviderTool,
  referenceField: string,
  offered: OfferedTools,
  conversation: { turn: readonly ToolExchange[]; all: readonly ToolExchange[] },
): ProviderTool | undefined {
  if (!isDestructive(tool)) return undefined;
  const ofObject = sameObject(tool);
  if (conversation.turn.some((exchange) => ofObject(exchange.call.name))) return undefined;
  const newest = [...conversation.all].reverse().find((exchange) => {
    if (toolRole(exchange.call.name) !== 'action' || exchange.fullText === undefined) return false;
    const records = mainRecords(parseResult(exchange.fullText));
    return records?.some((record) => referenceField in record) ?? false;
  });
  if (newest !== undefined && ofObject(newest.call.name)) return undefined;
  return offered
    .ofRole('action')
    .find(
      (candidate) =>
        !changesState(candidate) &&
        ofObject(candidate.name) &&
        schemaProperties(candidate.input_schema).every((property) => !property.required),
    );
}
