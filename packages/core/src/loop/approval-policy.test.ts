import { describe, expect, it } from 'vitest';
import { type ApprovalPolicy, decideApproval } from './approval-policy.ts';

describe('decideApproval', () => {
  it('allows everything without a policy', () => {
    expect(decideApproval([], 'shop', 'checkout')).toBe('allow');
    expect(decideApproval([undefined], 'shop', 'checkout')).toBe('allow');
  });

  it('uses the first matching server:tool glob', () => {
    const policy: ApprovalPolicy = {
      rules: [
        { match: 'shop:checkout', action: 'ask' },
        { match: 'shop:*', action: 'allow' },
        { match: '*:delete_*', action: 'deny' },
      ],
    };
    expect(decideApproval([policy], 'shop', 'checkout')).toBe('ask');
    expect(decideApproval([policy], 'shop', 'get_cart')).toBe('allow');
    expect(decideApproval([policy], 'files', 'delete_file')).toBe('deny');
    expect(decideApproval([policy], 'files', 'read.file')).toBe('allow');
  });

  it('falls back to annotations, then to the default action', () => {
    const policy: ApprovalPolicy = { readOnly: 'allow', destructive: 'ask', defaultAction: 'deny' };
    expect(decideApproval([policy], 's', 'read', { readOnlyHint: true })).toBe('allow');
    expect(decideApproval([policy], 's', 'drop', { destructiveHint: true })).toBe('ask');
    expect(decideApproval([policy], 's', 'other')).toBe('deny');
  });

  it('reads a tool without annotations as the MCP spec does: it may change the world, destructively', () => {
    const asksDestructive: ApprovalPolicy = { destructive: 'ask' };
    expect(decideApproval([asksDestructive], 'shop', 'checkout')).toBe('ask');
    expect(decideApproval([asksDestructive], 'shop', 'checkout', { readOnlyHint: false })).toBe('ask');
    expect(decideApproval([asksDestructive], 'shop', 'checkout', { idempotentHint: true })).toBe('ask');
    expect(decideApproval([asksDestructive], 'shop', 'add', { destructiveHint: false })).toBe('allow');
    expect(decideApproval([asksDestructive], 'shop', 'cart', { readOnlyHint: true })).toBe('allow');
    // A default destructive reading never loosens the default action.
    expect(decideApproval([{ destructive: 'ask', defaultAction: 'deny' }], 's', 'other')).toBe('deny');
    expect(decideApproval([{ destructive: 'allow', defaultAction: 'ask' }], 's', 'other')).toBe('ask');
    const asksUnlessReadOnly: ApprovalPolicy = { readOnly: 'allow', defaultAction: 'ask' };
    expect(decideApproval([asksUnlessReadOnly], 'shop', 'checkout')).toBe('ask');
    expect(decideApproval([asksUnlessReadOnly], 'shop', 'add', { destructiveHint: false })).toBe('ask');
    expect(decideApproval([asksUnlessReadOnly], 'shop', 'cart', { readOnlyHint: true })).toBe('allow');
  });

  it("never lets a conversation's allow loosen the deployment's ask or deny", () => {
    const conversation: ApprovalPolicy = { rules: [{ match: 'shop:checkout', action: 'allow' }] };
    const asks: ApprovalPolicy = { rules: [{ match: 'shop:*', action: 'ask' }] };
    const denies: ApprovalPolicy = { rules: [{ match: 'shop:checkout', action: 'deny' }] };
    expect(decideApproval([asks, conversation], 'shop', 'checkout')).toBe('ask');
    expect(decideApproval([denies, conversation], 'shop', 'checkout')).toBe('deny');
    expect(decideApproval([conversation, denies], 'shop', 'checkout')).toBe('deny');
  });

  it('lets a conversation tighten what the deployment allows', () => {
    const deployment: ApprovalPolicy = { rules: [{ match: 'shop:*', action: 'allow' }] };
    const conversation: ApprovalPolicy = {
      rules: [
        { match: 'shop:checkout', action: 'deny' },
        { match: 'shop:add_to_cart', action: 'ask' },
      ],
    };
    expect(decideApproval([deployment, conversation], 'shop', 'checkout')).toBe('deny');
    expect(decideApproval([deployment, conversation], 'shop', 'add_to_cart')).toBe('ask');
    expect(decideApproval([deployment, conversation], 'shop', 'get_cart')).toBe('allow');
  });

  it("keeps the deployment's defaults when a conversation sets looser ones", () => {
    const deployment: ApprovalPolicy = { destructive: 'ask', defaultAction: 'ask' };
    const conversation: ApprovalPolicy = { destructive: 'allow', defaultAction: 'allow' };
    expect(decideApproval([deployment, conversation], 's', 'drop', { destructiveHint: true })).toBe('ask');
    expect(decideApproval([deployment, conversation], 's', 'other')).toBe('ask');
  });

  it('matches globs literally and without regard to case', () => {
    const policy: ApprovalPolicy = { rules: [{ match: 'Files:read.*', action: 'deny' }] };
    expect(decideApproval([policy], 'files', 'read.file')).toBe('deny');
    expect(decideApproval([policy], 'files', 'readXfile')).toBe('allow');
  });
});
