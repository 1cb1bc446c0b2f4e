import type { ToolProtocol } from '../types/index.ts';
import { shortHash } from './short-hash.ts';

/** The longest tool name model providers accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Length of the `_` + hash suffix appended to shortened names. */
const HASH_SUFFIX_LENGTH = 9;

/**
 * Makes a server's tool name provider-safe: every run of characters outside `[a-zA-Z0-9_-]`
 * becomes one `_`. Case is kept. An empty result becomes `tool`.
 */
export function sanitizeToolNamePart(toolName: string): string {
  const sanitized = toolName.replace(/[^a-zA-Z0-9_-]+/g, '_');
  return sanitized === '' || sanitized === '_' ? 'tool' : sanitized;
}

/**
 * Appends `_<hash of identity>` to a readable prefix of `name`, so the result fits in 64 characters.
 * The same `(name, identity)` always gives the same result.
 */
export function shortenToolName(name: string, identity: string): string {
  const prefix = name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_SUFFIX_LENGTH).replace(/[_-]+$/, '');
  return `${prefix}_${shortHash(identity)}`;
}

/**
 * The identity a tool name is hashed from: server, protocol and the server's real tool name,
 * so two tools whose sanitized names coincide still get different hashes.
 */
export function toolIdentity(server: string, protocol: ToolProtocol, toolName: string): string {
  return `${server}\u0000${protocol}\u0000${toolName}`;
}

/**
 * The default prefixed name `{server}_{protocol}_{tool}` of a tool: `server` must already be sanitized
 * (see `sanitizeServerName`); the tool part is made provider-safe and the whole is shortened
 * deterministically (readable prefix + hash suffix) when it exceeds 64 characters.
 * A `ToolCatalog` may pick a different name to resolve a collision; its table is the authority.
 */
export function prefixedToolName(server: string, protocol: ToolProtocol, toolName: string): string {
  const name = `${server}_${protocol}_${sanitizeToolNamePart(toolName)}`;
  return name.length <= MAX_TOOL_NAME_LENGTH
    ? name
    : shortenToolName(name, toolIdentity(server, protocol, toolName));
}
