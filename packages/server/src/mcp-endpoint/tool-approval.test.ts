import { randomBytes } from 'node:crypto';
import type { InputRequiredResult, ServerContext } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { EndpointTool } from './endpoint-catalog.ts';
import { type EndpointRoundState, endpointRequestState } from './endpoint-request-state.ts';
import { ToolApproval } from './tool-approval.ts';

const TOOL = {
  name: 'files_delete',
  serverName: 'files',
  server: 'files',
  tool: { name: 'delete', inputSchema: { type: 'object' } },
} as unknown as EndpointTool;

const codec = endpointRequestState(randomBytes(32));

/** The parts of a request's context the approval reads, as the SDK gives them to a handler. */
function contextOf(state?: EndpointRoundState, answer?: 'accept' | 'decline'): ServerContext {
  return {
    http: { authInfo: { token: 't', clientId: 'alice', scopes: [] } },
    mcpReq: {
      requestState: () => state,
      inputResponses: answer
        ? { approval: { action: answer, ...(answer === 'accept' ? { content: { approve: true } } : {}) } }
        : undefined,
    },
  } as unknown as ServerContext;
}

/** The state the approval question carried, as the SDK verifies it when the client echoes it back. */
async function stateOf(result: InputRequiredResult): Promise<EndpointRoundState> {
  const verified = await codec.verify(result.requestState as string, contextOf());
  return verified as EndpointRoundState;
}

describe('ToolApproval', () => {
  const approval = new ToolApproval(codec);
  const check = (args: Record<string, unknown>, ctx: ServerContext, clientCanElicit: boolean) =>
    approval.ask('files:delete', TOOL, args, ctx, clientCanElicit);

  it('asks, runs the call once on an approving answer, and asks again when that answer is sent again', async () => {
    const asked = await check({ path: '/a' }, contextOf(), true);
    expect(asked).toMatchObject({ run: false, status: 'asked' });
    const state = await stateOf((asked as { result: InputRequiredResult }).result);

    expect(await check({ path: '/a' }, contextOf(state, 'accept'), true)).toEqual({
      run: true,
    });
    const replayed = await check({ path: '/a' }, contextOf(state, 'accept'), true);
    expect(replayed).toMatchObject({ run: false, status: 'asked' });
  });

  it('does not let an approval of one call run another', async () => {
    const asked = await check({ path: '/a' }, contextOf(), true);
    const state = await stateOf((asked as { result: InputRequiredResult }).result);
    const other = await check({ path: '/b' }, contextOf(state, 'accept'), true);
    expect(other).toMatchObject({ run: false, status: 'asked' });
  });

  it('refuses a declined call, and a call the client cannot ask about', async () => {
    const asked = await check({ path: '/a' }, contextOf(), true);
    const state = await stateOf((asked as { result: InputRequiredResult }).result);
    expect(await check({ path: '/a' }, contextOf(state, 'decline'), true)).toMatchObject({
      run: false,
      status: 'declined',
    });
    expect(await check({ path: '/a' }, contextOf(), false)).toMatchObject({
      run: false,
      status: 'refused',
    });
  });
});
