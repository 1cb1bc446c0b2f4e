import { describe, expect, it } from 'vitest';
import { type ApprovalPolicy, decideApproval } from '../src/loop/approval-policy.ts';
import { longestEventLoopLag } from './support/event-loop-lag.ts';

/** The bound: no one user's input may hold the gateway's event loop longer than this. */
const MAX_LAG_MS = 100;

/** A tool name as long as names get (64 characters), which none of the globs below match. */
const LONG_TOOL = 'a'.repeat(64);

const PATHOLOGICAL_GLOBS = [
  `${'*'.repeat(24)}X`,
  `${'*'.repeat(200)}X`,
  `${'*a'.repeat(100)}X`,
  `*${'a'.repeat(198)}*`,
  `s*:${'*a'.repeat(98)}*X`,
];

describe('approval globs cannot hold the event loop (a user writes a conversation policy)', () => {
  it.each(PATHOLOGICAL_GLOBS)('deciding under %s stays under 100 ms', async (glob) => {
    const conversation: ApprovalPolicy = { rules: [{ match: glob, action: 'deny' }] };
    let action: string | undefined;
    const lag = await longestEventLoopLag(() => {
      action = decideApproval([undefined, conversation], 's', LONG_TOOL);
    });
    expect(action).toBe('allow');
    expect(lag).toBeLessThan(MAX_LAG_MS);
  });

  it('a policy of 200 such rules, each 200 characters, is decided under 100 ms', async () => {
    const rules = Array.from({ length: 200 }, (_, index) => ({
      match: PATHOLOGICAL_GLOBS[index % PATHOLOGICAL_GLOBS.length].padStart(200, '*').slice(-200),
      action: 'deny' as const,
    }));
    let action: string | undefined;
    const lag = await longestEventLoopLag(() => {
      action = decideApproval([{ rules }, { rules }], 's', LONG_TOOL);
    });
    expect(action).toBe('allow');
    expect(lag).toBeLessThan(MAX_LAG_MS);
  });
});
