/** What one reply's turn used: its tokens and, where its model has a price, their cost. */
export interface ReplyUsage {
  inputTokens: number;
  outputTokens: number;
  cost?: { amount: number; currency: string };
}

/** A model's price per million tokens. */
export interface TokenPrice {
  input: number;
  output: number;
  currency: string;
}

/** A turn's tokens, with their cost when the model has a price (per million tokens). */
export function replyUsage(
  tokens: { inputTokens: number; outputTokens: number },
  price?: TokenPrice,
): ReplyUsage {
  const { inputTokens, outputTokens } = tokens;
  return {
    inputTokens,
    outputTokens,
    ...(price
      ? {
          cost: {
            amount: (inputTokens * price.input + outputTokens * price.output) / 1_000_000,
            currency: price.currency,
          },
        }
      : {}),
  };
}

/**
 * A reply's usage as the chat shows it under the reply: `Tokens: 1,234 in · 56 out · $0.0042`. Costs
 * under a cent keep two significant digits, so a cheap reply does not read as free.
 */
export function usageText(usage: ReplyUsage, locale = 'en-US'): string {
  const count = new Intl.NumberFormat(locale);
  const tokens = `Tokens: ${count.format(usage.inputTokens)} in · ${count.format(usage.outputTokens)} out`;
  return usage.cost ? `${tokens} · ${costText(usage.cost, locale)}` : tokens;
}

/** Whether a reply's model counted any tokens (the offline planner, no language model, counts none). */
export function hasTokens(usage: ReplyUsage): boolean {
  return usage.inputTokens + usage.outputTokens > 0;
}

function costText(cost: { amount: number; currency: string }, locale: string): string {
  const small = cost.amount > 0 && cost.amount < 0.01;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: cost.currency,
    ...(small ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
  }).format(cost.amount);
}
