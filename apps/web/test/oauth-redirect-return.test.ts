import { describe, expect, it } from 'vitest';
import {
  keepRedirectAnswer,
  rememberRedirect,
  takeReturnedAuthorization,
} from '../src/lib/standalone/oauth-redirect-return.ts';
import { MemoryStorage } from './support/memory-storage.ts';

const APP = 'http://127.0.0.1:8080/?mode=standalone';

describe('the redirect fallback of standalone authorization', () => {
  it('keeps only the answer to the recorded state, and hands it to the app once', () => {
    const storage = new MemoryStorage();
    expect(keepRedirectAnswer(storage, '?code=c&state=s')).toBeUndefined();

    rememberRedirect(storage, { server: 'calc', state: 's', returnHref: APP });
    expect(takeReturnedAuthorization(storage)).toBeUndefined();
    expect(keepRedirectAnswer(storage, '?code=c&state=other')).toBeUndefined();
    expect(keepRedirectAnswer(storage, '?code=c&state=s&iss=http%3A%2F%2Fissuer')).toBe(APP);

    const returned = takeReturnedAuthorization(storage);
    expect(returned?.server).toBe('calc');
    expect(returned?.params.get('code')).toBe('c');
    expect(returned?.params.get('iss')).toBe('http://issuer');
    expect(takeReturnedAuthorization(storage)).toBeUndefined();
  });
});
