import type { ApprovalAction, McpToolDef } from '@switchboard/core';
import type { McpAppToolCall } from '@switchboard/ui';
import { describe, expect, it, vi } from 'vitest';
import type { AppToolCallPlan } from '../src/lib/mcp-apps/run-app-tool-call.ts';
import { appToolResult, runAppToolCall } from '../src/lib/mcp-apps/run-app-tool-call.ts';

const CALL: McpAppToolCall = {
  serverName: 'apps',
  protocol: 'mcp',
  name: 'get-time',
  arguments: {},
};
const TOOL: McpToolDef = { name: 'get-time', inputSchema: { type: 'object' } };
const OK = {
  content: [{ type: 'text', text: '12:00' }],
  structuredContent: { time: '12:00' },
  isError: false,
};

/** A plan decided in the page (`action`, asking with `confirm`), changed by `change`. */
function plan(
  change: Partial<Omit<AppToolCallPlan, 'approval'>> & {
    action?: ApprovalAction;
    confirm?: () => Promise<boolean>;
  } = {},
) {
  const run = vi.fn(change.run ?? (async () => OK));
  const confirm = vi.fn(change.confirm ?? (async () => true));
  const { action = 'allow', confirm: _confirm, run: _run, ...rest } = change;
  return {
    run,
    confirm,
    plan: { call: CALL, tool: TOOL, approval: { action, confirm }, run, ...rest } satisfies AppToolCallPlan,
  };
}

const refusal = (text: string) => ({ content: [{ type: 'text', text }], isError: true });

describe('runAppToolCall', () => {
  it('runs an allowed tool without asking', async () => {
    const { plan: allowed, run, confirm } = plan();
    await expect(runAppToolCall(allowed)).resolves.toEqual(OK);
    expect(run).toHaveBeenCalledOnce();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the user when the policy says so, and runs only when they approve', async () => {
    const approved = plan({ action: 'ask' });
    await expect(runAppToolCall(approved.plan)).resolves.toEqual(OK);
    expect(approved.confirm).toHaveBeenCalledOnce();

    const declined = plan({ action: 'ask', confirm: async () => false });
    await expect(runAppToolCall(declined.plan)).resolves.toEqual(
      refusal('The user did not allow apps:get-time'),
    );
    expect(declined.run).not.toHaveBeenCalled();
  });

  it('refuses a denied tool, a tool hidden from apps and an unknown tool, without running them', async () => {
    const denied = plan({ action: 'deny' });
    await expect(runAppToolCall(denied.plan)).resolves.toEqual(
      refusal("apps:get-time is not allowed by this deployment's tool policy"),
    );
    const modelOnly = plan({ tool: { ...TOOL, _meta: { ui: { visibility: ['model'] } } } });
    await expect(runAppToolCall(modelOnly.plan)).resolves.toEqual(
      refusal('apps:get-time may not be called by an app'),
    );
    const unknown = plan({ tool: undefined, missing: 'the gateway has no server named "apps"' });
    await expect(runAppToolCall(unknown.plan)).resolves.toEqual(
      refusal('the gateway has no server named "apps"'),
    );
    for (const { run, confirm } of [denied, modelOnly, unknown]) {
      expect(run).not.toHaveBeenCalled();
      expect(confirm).not.toHaveBeenCalled();
    }
  });

  it('leaves the approval to the gateway in gateway mode: nothing asked or refused here', async () => {
    const run = vi.fn(async () => OK);
    await expect(runAppToolCall({ call: CALL, tool: TOOL, approval: 'gateway', run })).resolves.toEqual(OK);
    expect(run).toHaveBeenCalledOnce();
    const hidden = { ...TOOL, _meta: { ui: { visibility: ['model'] } } };
    await expect(runAppToolCall({ call: CALL, tool: hidden, approval: 'gateway', run })).resolves.toEqual(
      refusal('apps:get-time may not be called by an app'),
    );
    expect(run).toHaveBeenCalledOnce();
  });

  it('turns a failure into an error result', async () => {
    const failing = plan({
      run: async () => {
        throw new Error('gateway: POST /servers/s/tools/call failed (502)');
      },
    });
    await expect(runAppToolCall(failing.plan)).resolves.toEqual(
      refusal('apps:get-time failed: gateway: POST /servers/s/tools/call failed (502)'),
    );
  });
});

describe('appToolResult', () => {
  it('keeps the text, the error flag and an object structured value', () => {
    expect(appToolResult({ text: '12:00', isError: false, value: { time: '12:00' } })).toEqual(OK);
    expect(appToolResult({ text: 'x', isError: true, value: 'x' })).toEqual({
      content: [{ type: 'text', text: 'x' }],
      isError: true,
    });
  });
});
