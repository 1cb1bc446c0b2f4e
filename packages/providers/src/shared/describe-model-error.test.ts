import { describe, expect, it } from 'vitest';
import { describeModelError } from './describe-model-error.ts';

describe('describeModelError', () => {
  it('reads status, type and message from vendor error shapes', () => {
    const anthropic = {
      status: 529,
      error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    };
    expect(describeModelError('Anthropic', anthropic, [])).toBe(
      'Anthropic API error 529 (overloaded_error): Overloaded — the service is overloaded; try again later',
    );
    const openai = {
      status: 404,
      error: {
        message: 'The model `gpt-9` does not exist',
        type: 'invalid_request_error',
        code: 'model_not_found',
      },
    };
    expect(describeModelError('OpenAI', openai, [])).toBe(
      'OpenAI API error 404 (model_not_found): The model `gpt-9` does not exist — check the model name and the base URL',
    );
    expect(describeModelError('OpenAI', { status: 502, message: '502 status code (no body)' }, [])).toBe(
      'OpenAI API error 502: status code (no body)',
    );
  });

  it('explains connection failures with their cause', () => {
    const error = Object.assign(new Error('Connection error.'), {
      name: 'APIConnectionError',
      cause: Object.assign(new TypeError('fetch failed'), {
        cause: new Error('connect ECONNREFUSED 127.0.0.1:9'),
      }),
    });
    expect(describeModelError('OpenAI', error, [])).toBe(
      'OpenAI API unreachable: Connection error. (fetch failed: connect ECONNREFUSED 127.0.0.1:9)',
    );
  });

  it('handles non-errors and removes secrets', () => {
    expect(describeModelError('web-llm', 'boom', [])).toBe('web-llm request failed: boom');
    expect(describeModelError('X', new Error('bad key abcd1234 and sk-live-0123456789'), ['abcd1234'])).toBe(
      'X stream failed: bad key *** and sk-***',
    );
  });
});
