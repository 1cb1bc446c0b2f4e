import { OAuthSessionProvider, type OAuthSessionProviderOptions } from '@switchboard/core';
import type { ServerRow } from '../store/server-store.ts';
import { encryptedStateStore } from './encrypted-state-store.ts';

/** Whose provider to make, and how it reaches the person. */
export interface UserOAuthProviderOptions {
  db: Parameters<typeof encryptedStateStore>[0]['db'];
  /** The key the user's state is encrypted under. */
  key: Uint8Array;
  userId: string;
  row: ServerRow;
  /** The gateway's OAuth callback (`…/oauth/callback`). */
  redirectUrl: string;
  /** Receives the authorization page; by default it is dropped (a turn cannot show it). */
  openAuthorizationPage?: OAuthSessionProviderOptions['openAuthorizationPage'];
  /** The `state` parameter binding an authorization to its flow record. */
  state?: string;
  /**
   * False for a connection nobody watches (a turn's): an authorization the SDK starts there (after
   * a 401 it could not refresh its way out of) is never finished, so its PKCE verifier is not kept
   * over that of an authorization the user has under way. Default true.
   */
  finishesAuthorizations?: boolean;
}

/**
 * The OAuth client of one user for one server: its state lives encrypted in the database, its
 * client is the one the registration configures (`oauth.client_id`) or one the SDK registers.
 */
export function userOAuthProvider(options: UserOAuthProviderOptions): OAuthSessionProvider {
  const transport = options.row.transport;
  const oauth = transport.type === 'http' ? transport.oauth : undefined;
  const confidential = oauth?.client_secret !== undefined;
  const settings: OAuthSessionProviderOptions = {
    redirectUrl: options.redirectUrl,
    clientMetadata: {
      client_name: 'Switchboard',
      redirect_uris: [options.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: confidential ? 'client_secret_post' : 'none',
      ...(oauth?.scopes?.length ? { scope: oauth.scopes.join(' ') } : {}),
    },
    ...(oauth?.client_id
      ? {
          preRegistered: {
            client_id: oauth.client_id,
            ...(confidential ? { client_secret: oauth.client_secret } : {}),
          },
        }
      : {}),
    store: encryptedStateStore({
      db: options.db,
      key: options.key,
      userId: options.userId,
      serverId: options.row.id,
    }),
    openAuthorizationPage: options.openAuthorizationPage ?? (() => undefined),
    ...(options.state === undefined ? {} : { state: options.state }),
  };
  return options.finishesAuthorizations === false
    ? new UnattendedOAuthProvider(settings)
    : new OAuthSessionProvider(settings);
}

/** A provider whose authorization pages nobody sees: it keeps no PKCE verifier of its own. */
class UnattendedOAuthProvider extends OAuthSessionProvider {
  override async saveCodeVerifier(): Promise<void> {}
}
