import {
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  type McpHandlerRequestOptions,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import { authorizationServerMetadata } from '@switchboard/core/node';
import { oauthTokenVerifier } from './oauth-token-verifier.ts';
import { type ToolScopes, toolScopesNeeded } from './tool-scopes-needed.ts';

/** How an endpoint is an OAuth 2.1 protected resource (MCP authorization). */
export interface ProtectedResourceOptions {
  /** The authorization server's issuer URL; its metadata (RFC 8414 / OpenID discovery) names the keys that sign access tokens. */
  issuer: string;
  /** This server's resource identifier (RFC 8707), the `aud` of the tokens it accepts. Defaults to the endpoint's URL. */
  resource?: string;
  /** Scopes every request needs; a token without them is refused with 403 `insufficient_scope`. */
  requiredScopes?: string[];
  /**
   * Scopes particular tools need on top of {@link requiredScopes}, by tool name: calling one
   * without them is refused with 403 `insufficient_scope` naming them, so the client asks the
   * user for more access (step-up) and calls again.
   */
  toolScopes?: ToolScopes;
}

/** A web-standard MCP handler: what `createMcpHandler` returns and `toNodeHandler` takes. */
export interface FetchHandler {
  fetch(request: Request, options?: McpHandlerRequestOptions): Promise<Response>;
}

/** An MCP handler behind bearer-token checks, with the paths of the documents it serves too. */
export interface ProtectedResource extends FetchHandler {
  /** The metadata documents' paths, served besides the MCP endpoint. */
  documentPaths: ReadonlySet<string>;
}

/**
 * Puts an MCP handler behind OAuth bearer tokens (the SDK's bearer-auth helpers, tokens verified
 * as JWTs against the issuer's keys). Serves the protected-resource metadata (RFC 9728) at
 * `/.well-known/oauth-protected-resource[/path]` and the issuer's metadata at
 * `/.well-known/oauth-authorization-server` (for 2025-03-26 clients). A request without a valid
 * token for this resource gets 401 with `WWW-Authenticate: Bearer resource_metadata="…"` (and
 * `scope="…"` when scopes are required); one lacking a scope gets 403 `insufficient_scope`.
 * Tools see the verified token as `ctx.http.authInfo` (the user in `extra.sub`).
 */
export function protectResource(
  handler: FetchHandler,
  options: ProtectedResourceOptions & { resource: string },
): ProtectedResource {
  const resourceServerUrl = new URL(options.resource);
  const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resourceServerUrl);
  const requiredScopes = options.requiredScopes ?? [];
  const toolScopes = options.toolScopes ?? {};
  const scopesSupported = [...new Set([...requiredScopes, ...Object.values(toolScopes).flat()])];
  const metadata = authorizationServerMetadata(options.issuer);
  const verifier = oauthTokenVerifier({ issuer: options.issuer, audience: options.resource, metadata });
  const gate = requireBearerAuth({ verifier, requiredScopes, resourceMetadataUrl });
  const documentPaths = new Set([
    new URL(resourceMetadataUrl).pathname,
    '/.well-known/oauth-authorization-server',
  ]);

  async function serveDocument(request: Request): Promise<Response> {
    try {
      const document = oauthMetadataResponse(request, {
        oauthMetadata: await metadata(),
        resourceServerUrl,
        scopesSupported: scopesSupported.length > 0 ? scopesSupported : undefined,
      });
      return document ?? new Response('Not found\n', { status: 404 });
    } catch (error) {
      const description = error instanceof Error ? error.message : String(error);
      return Response.json({ error: 'server_error', error_description: description }, { status: 502 });
    }
  }

  return {
    documentPaths,
    async fetch(request) {
      if (documentPaths.has(new URL(request.url).pathname)) return serveDocument(request);
      const authInfo = await gate(request);
      if (authInfo instanceof Response) return authInfo;
      const needed = await toolScopesNeeded(request, toolScopes, authInfo.scopes);
      if (needed) {
        const refusal = new OAuthError(
          OAuthErrorCode.InsufficientScope,
          `The tool ${needed.tool} needs the scope ${needed.missing.join(' ')}`,
        );
        const scopes = [...new Set([...requiredScopes, ...toolScopes[needed.tool]])];
        return bearerAuthChallengeResponse(refusal, { requiredScopes: scopes, resourceMetadataUrl });
      }
      return handler.fetch(request, { authInfo });
    },
  };
}
