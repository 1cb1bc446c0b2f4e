import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  originValidationResponse,
} from '@modelcontextprotocol/server';

/**
 * The transport's Origin and Host checks (MCP Streamable HTTP: servers MUST validate `Origin`),
 * as the SDK's helpers answer them (403). A request from a web page must come from the gateway's
 * own origin (its web app) or from localhost. An open gateway (no API keys, loopback only) also
 * requires a localhost `Host`, which blocks DNS rebinding; with keys, a rebinding page has no key.
 */
export function checkRequestOrigin(request: Request, openAccess: boolean): Response | undefined {
  const host = request.headers.get('host')?.replace(/:\d+$/, '');
  const origins = [...localhostAllowedOrigins(), ...(host && !openAccess ? [host] : [])];
  if (openAccess) {
    const rejected = hostHeaderValidationResponse(request, localhostAllowedHostnames());
    if (rejected) return rejected;
  }
  return originValidationResponse(request, origins);
}
