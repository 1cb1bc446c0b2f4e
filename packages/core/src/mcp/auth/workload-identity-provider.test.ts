import { describe, expect, test } from 'vitest';
import { WorkloadIdentityProvider } from './workload-identity-provider.ts';

describe('WorkloadIdentityProvider', () => {
  test('asks for a token with a JWT-bearer grant of the workload identity it reads afresh each time', async () => {
    const identities = ['jwt-one', 'jwt-two'];
    const provider = new WorkloadIdentityProvider({
      clientId: 'workload-7',
      assertion: () => identities.shift() as string,
    });
    expect(provider.redirectUrl).toBeUndefined();
    expect(provider.clientInformation()).toEqual({ client_id: 'workload-7' });
    expect(provider.clientMetadata).toMatchObject({
      grant_types: ['urn:ietf:params:oauth:grant-type:jwt-bearer'],
      token_endpoint_auth_method: 'none',
    });
    const first = await provider.prepareTokenRequest('mcp');
    expect(Object.fromEntries(first)).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: 'jwt-one',
      scope: 'mcp',
    });
    expect((await provider.prepareTokenRequest()).get('assertion')).toBe('jwt-two');
  });

  test('keeps its tokens until they are invalidated, and refuses to send anyone to an authorization page', () => {
    const provider = new WorkloadIdentityProvider({ clientId: 'w', assertion: () => 'jwt' });
    provider.saveTokens({ access_token: 'a', token_type: 'Bearer' });
    expect(provider.tokens()).toEqual({ access_token: 'a', token_type: 'Bearer' });
    provider.invalidateCredentials('tokens');
    expect(provider.tokens()).toBeUndefined();
    expect(() => provider.redirectToAuthorization()).toThrow(/no person to authorize it/);
  });
});
