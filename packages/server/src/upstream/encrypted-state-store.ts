import type { OAuthClientState, OAuthStateStore } from '@switchboard/core';
import { openSecret, sealSecret } from '../auth/secret-box.ts';
import type { Queryable } from '../storage/database.ts';
import { loadServerCredential, saveServerCredential } from '../store/server-credential-store.ts';

/** Whose state a store keeps, and the key it is encrypted under. */
export interface EncryptedStateStoreOptions {
  db: Queryable;
  key: Uint8Array;
  userId: string;
  serverId: string;
}

/**
 * One user's OAuth state for one server (registration, tokens, PKCE verifier, discovery) in the
 * database, encrypted with AES-256-GCM and bound to the user and server: the row is unreadable
 * without the key, and useless copied to another user or server.
 */
export function encryptedStateStore(options: EncryptedStateStoreOptions): OAuthStateStore {
  const { db, key, userId, serverId } = options;
  const context = `server-credentials:${userId}:${serverId}`;
  return {
    async load() {
      const stored = await loadServerCredential(db, userId, serverId);
      return stored ? (JSON.parse(openSecret(key, stored.sealed, context)) as OAuthClientState) : {};
    },
    async save(state) {
      await saveServerCredential(db, userId, serverId, {
        sealed: sealSecret(key, JSON.stringify(state), context),
        hasTokens: state.tokens !== undefined,
      });
    },
  };
}
