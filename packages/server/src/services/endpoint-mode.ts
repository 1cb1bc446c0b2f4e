import { DEFAULT_GLOBAL_THRESHOLD } from '@switchboard/core';

/**
 * How `/mcp` presents a user's tools. `discovery`: three constant-size tools (`search_tools`,
 * `describe_tool`, `call_tool`), tools found by a search added to the list; `aggregate`: every tool
 * of every server, named `{server}_{tool}`.
 */
export type EndpointMode = 'discovery' | 'aggregate';

/** The modes a client may ask for with `?mode=`. */
export const ENDPOINT_MODES: readonly EndpointMode[] = ['discovery', 'aggregate'];

/**
 * Reads the `mode` query parameter: undefined when absent or `auto`; an Error naming the accepted
 * values when it is anything else.
 */
export function parseEndpointMode(value: string | undefined): EndpointMode | undefined | Error {
  if (value === undefined || value === '' || value === 'auto') return undefined;
  if ((ENDPOINT_MODES as readonly string[]).includes(value)) return value as EndpointMode;
  return new Error(
    `unknown mode ${JSON.stringify(value.slice(0, 40))}: use ?mode=discovery, ?mode=aggregate or leave it out (auto)`,
  );
}

/** The mode of a connection: the one asked for, else discovery above the global-mode threshold of servers. */
export function resolveEndpointMode(
  requested: EndpointMode | undefined,
  serverCount: number,
  globalThreshold = DEFAULT_GLOBAL_THRESHOLD,
): EndpointMode {
  return requested ?? (serverCount > globalThreshold ? 'discovery' : 'aggregate');
}
