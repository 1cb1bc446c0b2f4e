import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JwtIssuer, refusalOf, startJwtIssuer } from '../../test/support/jwt-issuer.ts';
import { jwtAccessTokenVerifier } from './jwt-access-token-verifier.ts';

const RESOURCE = 'http://127.0.0.1:9/mcp';

describe('jwtAccessTokenVerifier', () => {
  let authorizationServer: JwtIssuer;
  let issuer: string;

  beforeAll(async () => {
    authorizationServer = await startJwtIssuer({
      audience: RESOURCE,
      scope: 'mcp read',
      metadataPath: '/.well-known/oauth-authorization-server',
    });
    issuer = authorizationServer.url;
  });
  afterAll(() => authorizationServer.close());

  const token: JwtIssuer['sign'] = (...args) => authorizationServer.sign(...args);

  it('resolves a valid token with its claims and scopes, for any accepted audience', async () => {
    const verify = jwtAccessTokenVerifier({ issuer, scopes: ['mcp'] });
    const verified = await verify(await token(), RESOURCE);
    expect(verified.scopes).toEqual(['mcp', 'read']);
    expect(verified.claims).toMatchObject({ sub: 'alice', client_id: 'app' });
    expect((await verify(await token({ aud: 'alias' }), [RESOURCE, 'alias'])).claims.aud).toBe('alias');
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
    ['an ID token (typ JWT)', {}, 'JWT', 'is not a JWT access token (RFC 9068: typ at+jwt)'],
    [
      'a token without a required claim',
      { client_id: undefined },
      'at+jwt',
      'has an invalid "client_id" claim',
    ],
  ])('refuses %s as invalid_token', async (_case, claims, typ, message) => {
    const verify = jwtAccessTokenVerifier({ issuer, requiredClaims: ['client_id'] });
    expect(await refusalOf(verify(await token(claims, typ), RESOURCE))).toEqual({
      code: 'invalid_token',
      message: `the access token ${message}`,
    });
  });

  it('accepts a token without client_id when the caller does not require it', async () => {
    const verify = jwtAccessTokenVerifier({ issuer });
    expect((await verify(await token({ client_id: undefined }), RESOURCE)).claims.sub).toBe('alice');
  });

  it('refuses a token signed by another key, and one without the required scopes', async () => {
    const verify = jwtAccessTokenVerifier({ issuer, scopes: ['mcp', 'admin'] });
    expect(await refusalOf(verify(await token(), RESOURCE))).toEqual({
      code: 'insufficient_scope',
      message: 'the access token lacks the scope admin',
    });
    const forged = await token({}, 'at+jwt', (await generateKeyPair('ES256')).privateKey);
    expect(await refusalOf(jwtAccessTokenVerifier({ issuer })(forged, RESOURCE))).toEqual({
      code: 'invalid_token',
      message: 'the access token is not a JWT access token (RFC 9068) signed by the authorization server',
    });
  });

  it('says the authorization server is unavailable, with the cause, when it cannot be reached', async () => {
    const verify = jwtAccessTokenVerifier({ issuer: 'http://127.0.0.1:1' });
    const refusal = await verify(await token(), RESOURCE).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      code: 'unavailable',
      message: 'the authorization server could not be reached',
    });
    expect((refusal as Error).cause).toBeInstanceOf(Error);
  });
});
