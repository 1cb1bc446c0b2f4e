import { describe, expect, it } from 'vitest';
import { hasTokens, replyUsage, usageText } from './usage-text.ts';

describe('replyUsage', () => {
  it('prices the tokens per million, input and output apart', () => {
    expect(
      replyUsage({ inputTokens: 2_000, outputTokens: 500 }, { input: 3, output: 15, currency: 'USD' }),
    ).toEqual({ inputTokens: 2_000, outputTokens: 500, cost: { amount: 0.0135, currency: 'USD' } });
  });

  it('has no cost without a price', () => {
    expect(replyUsage({ inputTokens: 10, outputTokens: 5 })).toEqual({ inputTokens: 10, outputTokens: 5 });
  });
});

describe('usageText', () => {
  it('shows the tokens in and out, grouped by thousands', () => {
    expect(usageText({ inputTokens: 12_345, outputTokens: 678 })).toBe('Tokens: 12,345 in · 678 out');
  });

  it('adds the cost in its currency', () => {
    expect(
      usageText({ inputTokens: 2_000, outputTokens: 500, cost: { amount: 0.0135, currency: 'USD' } }),
    ).toBe('Tokens: 2,000 in · 500 out · $0.0135');
    expect(usageText({ inputTokens: 1, outputTokens: 1, cost: { amount: 2.5, currency: 'EUR' } })).toBe(
      'Tokens: 1 in · 1 out · €2.50',
    );
  });

  it('keeps a cost under a cent readable instead of rounding it to nothing', () => {
    expect(
      usageText({ inputTokens: 100, outputTokens: 20, cost: { amount: 0.000_123_4, currency: 'USD' } }),
    ).toBe('Tokens: 100 in · 20 out · $0.00012');
  });

  it('shows a free reply as zero', () => {
    expect(usageText({ inputTokens: 0, outputTokens: 0, cost: { amount: 0, currency: 'USD' } })).toBe(
      'Tokens: 0 in · 0 out · $0.00',
    );
  });
});

describe('hasTokens', () => {
  it('tells a counted reply from one of a model that counts none', () => {
    expect(hasTokens({ inputTokens: 0, outputTokens: 0 })).toBe(false);
    expect(hasTokens({ inputTokens: 0, outputTokens: 3 })).toBe(true);
  });
});
