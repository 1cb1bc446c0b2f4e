import { describe, expect, test } from 'vitest';
import { type OAuthClientState, OAuthSessionProvider } from './oauth-session-provider.ts';

function provider(saved: OAuthClientState[] = []) {
  let state: OAuthClientState = {};
  const opened: URL[] = [];
  const instance = new OAuthSessionProvider({
    redirectUrl: 'http://127.0.0.1:8787/oauth/callback',
    clientMetadata: { client_name: 'Switchboard', redirect_uris: ['http://127.0.0.1:8787/oauth/callback'] },
    store: {
      load: () => state,
      save: (next) => {
        state = next;
        saved.push(next);
      },
    },
    openAuthorizationPage: (url) => {
      opened.push(url);
    },
  });
  return { instance, opened, state: () => state };
}

describe('OAuthSessionProvider', () => {
  test('keeps the registration, the verifier and the tokens in its store, as plain JSON', async () => {
    const saved: OAuthClientState[] = [];
    const { instance, state } = provider(saved);
    await instance.saveClientInformation({ client_id: 'abc' });
    await instance.saveCodeVerifier('verifier-1');
    expect(await instance.codeVerifier()).toBe('verifier-1');
    await instance.saveTokens({ access_token: 'token-1', token_type: 'Bearer' });
    expect(await instance.tokens()).toEqual({ access_token: 'token-1', token_type: 'Bearer' });
    expect(await instance.clientInformation()).toEqual({ client_id: 'abc' });
    // The verifier is spent once tokens arrive.
    expect(state().codeVerifier).toBeUndefined();
    expect(JSON.parse(JSON.stringify(saved.at(-1)))).toEqual(saved.at(-1));
  });

  test('forgets the authorization server an authorization was bound to once it ends with tokens (SEP-2352)', async () => {
    const { instance, state } = provider();
    await instance.saveDiscoveryState({ authorizationServerUrl: 'https://old-auth.example' });
    await instance.saveCodeVerifier('verifier-1');
    expect(await instance.discoveryState()).toEqual({ authorizationServerUrl: 'https://old-auth.example' });
    await instance.saveTokens({ access_token: 'token-1', token_type: 'Bearer' });
    expect(await instance.discoveryState()).toBeUndefined();
    expect(state()).toEqual({ tokens: { access_token: 'token-1', token_type: 'Bearer' } });
  });

  test('hands the authorization page to the app', async () => {
    const { instance, opened } = provider();
    await instance.redirectToAuthorization(new URL('https://auth.example/authorize?client_id=abc'));
    expect(opened.map(String)).toEqual(['https://auth.example/authorize?client_id=abc']);
  });

  test('a configured client id serves until a registration replaces it', async () => {
    const instance = new OAuthSessionProvider({
      redirectUrl: 'http://127.0.0.1/cb',
      clientMetadata: { redirect_uris: ['http://127.0.0.1/cb'] },
      preRegistered: { client_id: 'configured', client_secret: 's' },
      openAuthorizationPage: () => undefined,
    });
    expect(await instance.clientInformation()).toEqual({ client_id: 'configured', client_secret: 's' });
    await instance.saveClientInformation({ client_id: 'registered' });
    expect(await instance.clientInformation()).toEqual({ client_id: 'registered' });
  });

  test('invalidating drops only what the server said is no longer valid', async () => {
    const { instance, state } = provider();
    await instance.saveClientInformation({ client_id: 'abc' });
    await instance.saveTokens({ access_token: 't', token_type: 'Bearer' });
    await instance.saveDiscoveryState({ authorizationServerUrl: 'https://auth.example' });
    await instance.invalidateCredentials('tokens');
    expect(state()).toMatchObject({ client: { client_id: 'abc' }, discovery: expect.any(Object) });
    expect(state().tokens).toBeUndefined();
    await instance.invalidateCredentials('all');
    expect(state()).toEqual({});
  });

  test('asking for a verifier with no authorization in progress is a clear error', async () => {
    await expect(provider().instance.codeVerifier()).rejects.toThrow(/No authorization is in progress/);
  });

  test('a state given in the options is the one the authorization URL carries; without one there is none', () => {
    const withState = new OAuthSessionProvider({
      redirectUrl: 'http://127.0.0.1/cb',
      clientMetadata: { redirect_uris: ['http://127.0.0.1/cb'] },
      state: 'flow-123',
      openAuthorizationPage: () => undefined,
    });
    expect(withState.state?.()).toBe('flow-123');
    expect(provider().instance.state).toBeUndefined();
  });

  test('with dpop, makes one DPoP key, keeps it in the store, and signs proofs with it after a restart', async () => {
    let kept: OAuthClientState = {};
    const store = {
      load: () => kept,
      save: (next: OAuthClientState) => {
        kept = next;
      },
    };
    const options = {
      redirectUrl: 'http://127.0.0.1/cb',
      clientMetadata: { redirect_uris: ['http://127.0.0.1/cb'] },
      openAuthorizationPage: () => undefined,
      store,
      dpop: true,
    };
    expect(new OAuthSessionProvider({ ...options, dpop: false }).dpop).toBeUndefined();
    const first = await new OAuthSessionProvider(options).dpop?.();
    expect(kept.dpopKey).toMatchObject({ alg: 'ES256', thumbprint: first?.thumbprint });
    expect(JSON.parse(JSON.stringify(kept))).toEqual(kept);

    const restarted = await new OAuthSessionProvider(options).dpop?.();
    expect(restarted?.thumbprint).toBe(first?.thumbprint);
    const proof = (await restarted?.buildProof({ htm: 'post', htu: 'https://auth.example/token' })) as string;
    const [header, payload, signature] = proof.split('.');
    expect(JSON.parse(Buffer.from(header as string, 'base64url').toString())).toMatchObject({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk: { kty: 'EC', x: kept.dpopKey?.publicJwk.x },
    });
    expect(JSON.parse(Buffer.from(payload as string, 'base64url').toString())).toMatchObject({
      htm: 'POST',
      htu: 'https://auth.example/token',
    });
    const publicKey = await crypto.subtle.importKey(
      'jwk',
      kept.dpopKey?.publicJwk as JsonWebKey,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const verified = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      publicKey,
      Buffer.from(signature as string, 'base64url'),
      new TextEncoder().encode(`${header}.${payload}`),
    );
    expect(verified).toBe(true);

    await new OAuthSessionProvider(options).invalidateCredentials('all');
    expect(kept.dpopKey).toBeUndefined();
  });
});
