import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ParkableCall, type StartCall } from './parkable-call.ts';
import { ParkedCalls } from './parked-calls.ts';

/** A call whose server asks one form question at once and returns the answer's action. */
const askingCall = (userId: string) => {
  const start: StartCall = async ({ serverRequests }, signal) => {
    try {
      const answer = await serverRequests.elicitation?.(
        { message: 'Go on?', requestedSchema: { type: 'object', properties: {} } },
        { server: 'test', signal },
      );
      return { content: [{ type: 'text', text: `answered ${answer?.action}` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: (error as Error).message }], isError: true };
    }
  };
  return new ParkableCall(userId, 'call-digest', { elicitation: {} }, 'shop', start);
};

const textOf = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : ''));

describe('ParkedCalls', () => {
  it('hands a parked call only to its own user, and only once', () => {
    const parked = new ParkedCalls();
    const call = askingCall('alice');
    const id = parked.park(call) as string;
    expect(parked.take(id, 'bob')).toBeUndefined();
    expect(parked.take('unknown', 'alice')).toBeUndefined();
    expect(parked.take(id, 'alice')).toBe(call);
    expect(parked.take(id, 'alice')).toBeUndefined();
    call.abort('test over');
  });

  it('keeps at most the configured number of calls, for each user and overall', () => {
    const parked = new ParkedCalls({ maxCalls: 3, maxPerUser: 2 });
    const calls = ['alice', 'alice', 'alice', 'bob', 'carol', 'dave'].map(askingCall);
    const ids = calls.map((call) => parked.park(call));
    expect(ids.map((id) => id !== undefined)).toEqual([true, true, false, true, false, false]);
    expect(parked.size).toBe(3);
    for (const call of calls) call.abort('test over');
  });

  it('cancels a call its client does not continue in time: the question fails and the call ends', async () => {
    const parked = new ParkedCalls({ timeoutMs: 1 });
    const call = askingCall('alice');
    expect(parked.park(call)).toBeDefined();
    const result = await call.outcome;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toEqual(["the MCP client did not answer the server's question within 0 s"]);
    expect(parked.size).toBe(0);
  });
});
