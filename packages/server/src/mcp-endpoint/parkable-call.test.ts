import { describe, expect, it } from 'vitest';
import { declaresForms, ParkableCall } from './parkable-call.ts';

describe('declaresForms', () => {
  it('is true for form mode or elicitation naming no mode, false for URL mode alone or none', () => {
    expect(declaresForms({ elicitation: {} })).toBe(true);
    expect(declaresForms({ elicitation: { form: {} } })).toBe(true);
    expect(declaresForms({ elicitation: { form: {}, url: {} } })).toBe(true);
    expect(declaresForms({ elicitation: { url: {} } })).toBe(false);
    expect(declaresForms({ sampling: {} })).toBe(false);
  });
});

describe('ParkableCall', () => {
  it('fails a question the server withdraws, and refuses one the client cannot answer, saying why', async () => {
    const outcomes: string[] = [];
    const call = new ParkableCall(
      'alice',
      'digest',
      { elicitation: { form: {} } },
      'test',
      async ({ serverRequests }) => {
        const withdraw = new AbortController();
        const asking = serverRequests.elicitation?.(
          { message: 'Name?', requestedSchema: { type: 'object', properties: {} } },
          { server: 'test', signal: withdraw.signal },
        );
        withdraw.abort();
        await asking?.catch((error: Error) => outcomes.push(error.message));
        const link = serverRequests.elicitation?.(
          { mode: 'url', message: 'Sign in', url: 'https://example.com', elicitationId: 'e1' },
          { server: 'test', signal: new AbortController().signal },
        );
        await link?.catch((error: Error) => outcomes.push(error.message));
        return { content: [{ type: 'text', text: 'done' }] };
      },
    );
    await call.outcome;
    expect(outcomes).toEqual([
      'the server withdrew its question',
      'the server asked for URL-mode elicitation, and this MCP client declares no URL-mode elicitation, so the question cannot reach the user',
    ]);
  });
});
