import { describe, expect, it } from 'vitest';
import { combinePolicies, decideApproval } from './approval-policy.ts';

describe('decideApproval', () => {
  it('allows everything without a policy', () => {
    expect(decideApproval(undefined, 'shop', 'checkout')).toBe('allow');
  });

  it('uses the first matching server:tool glob', () => {
    const policy = {
      rules: [
        { match: 'shop:checkout', action: 'ask' as const },
        { match: 'shop:*', action: 'allow' as const },
        { match: '*:delete_*', action: 'deny' as const },
      ],
    };
    expect(decideApproval(policy, 'shop', 'checkout')).toBe('ask');
    expect(decideApproval(policy, 'shop', 'get_cart')).toBe('allow');
    expect(decideApproval(policy, 'files', 'delete_file')).toBe('deny');
    expect(decideApproval(policy, 'files', 'read.file')).toBe('allow');
  });

  it('falls back to annotations, then to the default action', () => {
    const policy = {
      readOnly: 'allow' as const,
      destructive: 'ask' as const,
      defaultAction: 'deny' as const,
    };
    expect(decideApproval(policy, 's', 'read', { readOnlyHint: true })).toBe('allow');
    expect(decideApproval(policy, 's', 'drop', { destructiveHint: true })).toBe('ask');
    expect(decideApproval(policy, 's', 'other')).toBe('deny');
  });

  it('tries a conversation policy before the deployment one', () => {
    const deployment = { rules: [{ match: 'shop:*', action: 'ask' as const }] };
    const conversation = { rules: [{ match: 'shop:checkout', action: 'allow' as const }] };
    const combined = combinePolicies(conversation, deployment);
    expect(decideApproval(combined, 'shop', 'checkout')).toBe('allow');
    expect(decideApproval(combined, 'shop', 'add_to_cart')).toBe('ask');
  });
});
