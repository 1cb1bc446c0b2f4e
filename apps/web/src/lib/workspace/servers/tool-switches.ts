import type { EnabledTool } from './servers-api.ts';

/**
 * A conversation's enabled list offers the model every running server's tools when it is empty,
 * else only the tools it names (`*`: all of a server's). Switching one server or tool off while
 * the list is empty means naming every other one; the changes are ordered adds first, so the list
 * never passes through empty (which would offer everything).
 */

/** Whether the conversation offers the model `tool` of `serverId` (`*`: any tool of it). */
export function isOffered(enabled: readonly EnabledTool[], serverId: string, tool: string): boolean {
  if (enabled.length === 0) return true;
  return enabled.some(
    (entry) => entry.server_id === serverId && (entry.tool_name === '*' || entry.tool_name === tool),
  );
}

/** Whether any tool of `serverId` is offered. */
export function isServerOffered(enabled: readonly EnabledTool[], serverId: string): boolean {
  return enabled.length === 0 || enabled.some((entry) => entry.server_id === serverId);
}

/** The enabled list's changes that switch a server (`tool` `*`) or one tool on or off. */
export interface SwitchPlan {
  add: EnabledTool[];
  remove: EnabledTool[];
  /** Switching off the last offered tool: the gateway's empty list would offer everything again. */
  emptiesList: boolean;
}

/**
 * The changes that switch `tool` (`*`: the whole server) of `serverId` `on` or off, given the
 * enabled list and the tools of each server (`toolsOf`).
 */
export function switchPlan(
  enabled: readonly EnabledTool[],
  toolsOf: ReadonlyMap<string, readonly string[]>,
  serverId: string,
  tool: string,
  on: boolean,
): SwitchPlan {
  const add: EnabledTool[] = [];
  const remove: EnabledTool[] = [];
  const own = enabled.filter((entry) => entry.server_id === serverId);
  const wholeServer = enabled.length === 0 || own.some((entry) => entry.tool_name === '*');
  if (on) {
    if (enabled.length > 0 && tool === '*') {
      add.push({ server_id: serverId, tool_name: '*' });
      remove.push(...own.filter((entry) => entry.tool_name !== '*'));
    } else if (enabled.length > 0 && !wholeServer) add.push({ server_id: serverId, tool_name: tool });
    return { add, remove, emptiesList: false };
  }
  if (enabled.length === 0)
    for (const other of toolsOf.keys())
      if (other !== serverId) add.push({ server_id: other, tool_name: '*' });
  if (tool === '*') remove.push(...own);
  else if (wholeServer) {
    remove.push(...own);
    for (const name of toolsOf.get(serverId) ?? [])
      if (name !== tool) add.push({ server_id: serverId, tool_name: name });
  } else remove.push(...own.filter((entry) => entry.tool_name === tool));
  const kept = enabled.filter((entry) => !remove.includes(entry)).length + add.length;
  return { add, remove, emptiesList: kept === 0 };
}
