/**
 * "Sign in with <identity provider>" in the web app: the public OAuth client the app is at the
 * configured issuer (`mcpAuthorization.webSignIn`). The gateway only tells the app where to send
 * the person (`GET /auth/sign-in-config`); the app runs the authorization code flow with PKCE
 * itself and calls the REST API with the access token. There is no secret: the app is a public
 * client.
 */
export interface WebSignInOptions {
  /** The client id the identity provider registered for the web app (a public client, PKCE). */
  clientId: string;
  /** Scopes the app asks for besides the ones `mcpAuthorization.scopes` requires (e.g. `openid`). */
  scopes?: string[];
}

/** What `GET /auth/sign-in-config` answers: where the app sends the person, never a secret. */
export interface WebSignInConfig {
  issuer: string;
  client_id: string;
  /** The scopes to ask for: the required ones, then the web client's own. */
  scopes: string[];
  /** The REST API's resource (RFC 8707): the gateway's base URL, the `aud` its tokens need. */
  resource: string;
}

/** The sign-in configuration the app reads, for the API's resource `resource`. */
export function webSignInConfig(
  issuer: string,
  required: readonly string[],
  webSignIn: WebSignInOptions,
  resource: string,
): WebSignInConfig {
  return {
    issuer,
    client_id: webSignIn.clientId,
    scopes: [...new Set([...required, ...(webSignIn.scopes ?? [])])],
    resource,
  };
}
