import { createHash } from 'node:crypto';
import { MAX_TOOL_NAME_LENGTH, sanitizeServerName, sanitizeToolNamePart } from '@switchboard/core';

/** Length of the `_` + hash suffix of a shortened name. */
const HASH_LENGTH = 8;

/**
 * The name a tool has on the gateway's `/mcp` endpoint: `{server}_{tool}`, with the server name
 * sanitized as everywhere in Switchboard and the tool part made provider-safe (`[a-zA-Z0-9_-]`).
 * A name over 64 characters keeps a readable prefix and ends in a hash of the server and the real
 * tool name, so the same tool always gets the same name and two long names never collide.
 */
export function endpointToolName(serverName: string, toolName: string): string {
  const name = `${sanitizeServerName(serverName)}_${sanitizeToolNamePart(toolName)}`;
  return name.length <= MAX_TOOL_NAME_LENGTH ? name : shortened(name, serverName, toolName);
}

/** The name made unique with a hash of the server and tool (for names that collide after sanitizing). */
export function disambiguatedToolName(serverName: string, toolName: string): string {
  return shortened(endpointToolName(serverName, toolName), serverName, toolName);
}

function shortened(name: string, serverName: string, toolName: string): string {
  const hash = createHash('sha256')
    .update(`${serverName}\u0000${toolName}`)
    .digest('hex')
    .slice(0, HASH_LENGTH);
  const room = Math.min(name.length, MAX_TOOL_NAME_LENGTH - HASH_LENGTH - 1);
  return `${name.slice(0, room).replace(/[_-]+$/, '')}_${hash}`;
}
