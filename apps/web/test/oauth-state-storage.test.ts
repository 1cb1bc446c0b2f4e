import { describe, expect, it } from 'vitest';
import { forgetOAuthState, oauthStateStorage } from '../src/lib/standalone/oauth-state-storage.ts';
import { MemoryStorage } from './support/memory-storage.ts';

describe('oauthStateStorage', () => {
  it('keeps each server its own state, starts empty on unreadable data, and forgets a server', async () => {
    const storage = new MemoryStorage();
    const calc = oauthStateStorage(storage, 'http://127.0.0.1:1/mcp');
    const shop = oauthStateStorage(storage, 'http://127.0.0.1:2/mcp');
    await calc.save({ tokens: { access_token: 'a', token_type: 'Bearer' }, codeVerifier: 'v' });
    expect(await calc.load()).toEqual({
      tokens: { access_token: 'a', token_type: 'Bearer' },
      codeVerifier: 'v',
    });
    expect(await shop.load()).toEqual({});

    storage.setItem('switchboard.oauth:http://127.0.0.1:2/mcp', '{not json');
    expect(await shop.load()).toEqual({});

    forgetOAuthState(storage, 'http://127.0.0.1:1/mcp');
    expect(await calc.load()).toEqual({});
  });
});
