import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, refusalOf, startJwtIssuer } from '../../../core/test/support/jwt-issuer.ts';
import { AccessTokenVerifier } from './access-token-verifier.ts';

const RESOURCE = 'http://127.0.0.1:8787/mcp';

describe('AccessTokenVerifier', () => {
  let authorizationServer: JwtIssuer;
  let issuer: string;

  beforeAll(async () => {
    // Only OpenID discovery: the verifier falls back to it after RFC 8414's location.
    authorizationServer = await startJwtIssuer({
      audience: RESOURCE,
      metadataPath: '/.well-known/openid-configuration',
      metadata: (url) => ({ authorization_endpoint: `${url}/auth` }),
    });
    issuer = authorizationServer.url;
  });
  afterAll(() => authorizationServer.close());

  const token: JwtIssuer['sign'] = (...args) => authorizationServer.sign(...args);

  it('verifies a valid token, and maps only configured subjects to users', async () => {
    const verifier = new AccessTokenVerifier({ issuer, scopes: ['mcp'], subjects: { 'sso|42': 'bob' } });
    const verified = await verifier.verify(await token(), RESOURCE);
    expect(verified).toEqual({
      claim: 'sub',
      subject: 'alice',
      clientId: 'app',
      scopes: ['mcp'],
      expiresAt: expect.any(Number),
    });
    expect(verifier.configuredUserOf('sso|42')).toBe('bob');
    // A subject equal to a user's id is no configured user's; nor is one named like an Object property.
    expect(verifier.configuredUserOf('bob')).toBeUndefined();
    expect(verifier.configuredUserOf('toString')).toBeUndefined();
    expect(verifier.configuredSubjectsOf('bob')).toEqual(['sso|42']);
  });

  it('reads the user from the configured claim, and accepts the configured audience besides the resource', async () => {
    const verifier = new AccessTokenVerifier({ issuer, audience: 'switchboard', userClaim: 'email' });
    const verified = await verifier.verify(
      await token({ aud: 'switchboard', email: 'carol@example.com' }),
      RESOURCE,
    );
    expect(verified).toMatchObject({ subject: 'carol@example.com', claim: 'email' });
    expect(await refusalOf(verifier.verify(await token(), RESOURCE))).toEqual({
      code: 'invalid_token',
      message: 'the access token has no "email" claim naming its user',
    });
  });

  it.each([
    [
      'another audience',
      { aud: 'http://127.0.0.1:9/other' },
      'at+jwt',
      'was issued for another resource (audience)',
    ],
    ['another issuer', { iss: 'http://127.0.0.1:1' }, 'at+jwt', 'was issued by another authorization server'],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }, 'at+jwt', 'has expired'],
    ['an ID token (typ JWT)', {}, 'JWT', 'is not a JWT access token (RFC 9068'],
  ])('refuses %s as invalid_token', async (_case, claims, typ, message) => {
    const verifier = new AccessTokenVerifier({ issuer });
    const refusal = await refusalOf(verifier.verify(await token(claims, typ), RESOURCE));
    expect(refusal).toMatchObject({ code: 'invalid_token', message: expect.stringContaining(message) });
  });

  it('refuses a token signed by another key, and one without the configured scopes', async () => {
    const verifier = new AccessTokenVerifier({ issuer, scopes: ['mcp', 'admin'] });
    expect(await refusalOf(verifier.verify(await token(), RESOURCE))).toEqual({
      code: 'insufficient_scope',
      message: 'the access token lacks the scope admin',
    });
    const forged = await token({}, 'at+jwt', (await generateKeyPair('ES256')).privateKey);
    expect(await refusalOf(new AccessTokenVerifier({ issuer }).verify(forged, RESOURCE))).toMatchObject({
      code: 'invalid_token',
    });
  });

  it('says the authorization server is unavailable (not that the token is bad) when it cannot be reached', async () => {
    const orphan = new AccessTokenVerifier({ issuer: 'http://127.0.0.1:1' });
    const refusal = await orphan.verify(await token(), RESOURCE).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'unavailable',
      message: 'the authorization server could not be reached',
    });
    expect((refusal as Error).cause).toBeInstanceOf(Error);
  });

  it('refuses as unavailable when the metadata or the keys hang past the timeout, and asks again on the next token', async () => {
    const verifier = new AccessTokenVerifier({ issuer, timeoutMs: 200 });
    try {
      authorizationServer.hangingPaths.add('/.well-known/openid-configuration');
      const metadataHangs = await verifier.verify(await token(), RESOURCE).catch((error: unknown) => error);
      expect(metadataHangs).toMatchObject({
        code: 'unavailable',
        message: 'the authorization server could not be reached',
      });
      authorizationServer.hangingPaths.clear();
      authorizationServer.hangingPaths.add('/jwks');
      expect(await refusalOf(verifier.verify(await token(), RESOURCE))).toEqual({
        code: 'unavailable',
        message: "the authorization server's keys could not be loaded",
      });
      authorizationServer.hangingPaths.clear();
      expect(await verifier.verify(await token(), RESOURCE)).toMatchObject({ subject: 'alice' });
    } finally {
      authorizationServer.hangingPaths.clear();
    }
  });

  it('tells JWTs from API keys by shape', () => {
    expect(AccessTokenVerifier.isJwt('eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl')).toBe(true);
    expect(AccessTokenVerifier.isJwt('sk-sb-AbC_d-12')).toBe(false);
  });
});
