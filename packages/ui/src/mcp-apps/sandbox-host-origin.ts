import { HOST_ORIGIN_PARAM } from './sandbox-protocol.ts';

/**
 * The origin of the page the sandbox proxy serves, checked: named by the proxy URL's `?host=`, an
 * http(s) origin, equal to the origin that actually embeds the proxy (`location.ancestorOrigins`, or
 * the referrer, when the browser gives one), and different from the proxy's own origin — MCP Apps
 * requires the host and the sandbox to have different origins. Throws an explanatory error otherwise.
 */
export function sandboxHostOrigin(
  href: string,
  ancestorOrigins: ArrayLike<string> | undefined,
  referrer: string,
): string {
  const own = new URL(href);
  const declared = own.searchParams.get(HOST_ORIGIN_PARAM);
  if (!declared)
    throw new Error(`the MCP App sandbox needs ?${HOST_ORIGIN_PARAM}=<origin of the page that embeds it>`);
  let origin: string;
  try {
    origin = new URL(declared).origin;
  } catch {
    origin = '';
  }
  if (origin !== declared || !/^https?:\/\//.test(origin))
    throw new Error(
      `the MCP App sandbox's ?${HOST_ORIGIN_PARAM}= must be an http(s) origin, got "${declared}"`,
    );
  const embedder = ancestorOrigins?.length
    ? ancestorOrigins[0]
    : referrer
      ? new URL(referrer).origin
      : undefined;
  if (embedder !== undefined && embedder !== origin)
    throw new Error(`the MCP App sandbox is embedded by ${embedder}, not by ${origin}`);
  if (origin === own.origin)
    throw new Error(
      `the MCP App sandbox must be served from another origin than the page (both are ${origin}); see mcpAppSandboxUrl`,
    );
  return origin;
}
