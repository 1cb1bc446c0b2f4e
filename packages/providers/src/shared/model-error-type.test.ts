import { describe, expect, it } from 'vitest';
import { modelErrorType } from './model-error-type.ts';

describe('modelErrorType', () => {
  it("reads the vendor's type or code from both SDKs' error shapes", () => {
    const anthropic = { status: 401, error: { type: 'error', error: { type: 'authentication_error' } } };
    expect(modelErrorType(anthropic)).toBe('authentication_error');
    const openai = {
      status: 401,
      error: { message: 'Incorrect API key', type: 'invalid_request_error', code: 'invalid_api_key' },
    };
    expect(modelErrorType(openai)).toBe('invalid_api_key');
    expect(modelErrorType({ status: 500, error: { type: 'server_error', code: null } })).toBe('server_error');
  });

  it('falls back to the SDK error class, and to nothing', () => {
    expect(
      modelErrorType(Object.assign(new Error('Connection error.'), { name: 'APIConnectionError' })),
    ).toBe('APIConnectionError');
    expect(modelErrorType(Object.assign(new Error('429'), { name: 'RateLimitError', status: 429 }))).toBe(
      'RateLimitError',
    );
    expect(modelErrorType(new TypeError('terminated'))).toBeUndefined();
    expect(modelErrorType('text')).toBeUndefined();
  });
});
