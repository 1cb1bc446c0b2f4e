import type { ApiMessage, ReplyUsage } from '../messages/api-message.ts';
import type { RunUsage } from '../store/run-usage-store.ts';
import type { ModelPrice } from '../store/usage-breakdown.ts';
import type { ModelResolver } from './model-resolver.ts';

/** A stored message with the turn that stored it. */
interface MessageOfTurn {
  message: ApiMessage;
  runId?: string | null;
}

/**
 * The messages of a page, the last assistant message of each turn carrying what its turn used
 * (`usage`): its tokens and, when `priceOf` knows its model's price, their cost. Messages of turns
 * with no usage record are unchanged.
 */
export function withReplyUsage(
  page: readonly MessageOfTurn[],
  usage: ReadonlyMap<string, RunUsage>,
  priceOf: (model: string) => ModelPrice | undefined,
): ApiMessage[] {
  const lastReply = new Map<string, number>();
  page.forEach(({ message, runId }, index) => {
    if (runId && message.role === 'assistant') lastReply.set(runId, index);
  });
  return page.map(({ message, runId }, index) => {
    const used = runId && lastReply.get(runId) === index ? usage.get(runId) : undefined;
    return used ? { ...message, usage: replyUsage(used, priceOf(used.model)) } : message;
  });
}

/** A turn's tokens and, with a price (per million tokens), their cost. */
export function replyUsage(
  used: Pick<RunUsage, 'inputTokens' | 'outputTokens'>,
  price?: ModelPrice,
): ReplyUsage {
  return {
    input_tokens: used.inputTokens,
    output_tokens: used.outputTokens,
    ...(price
      ? {
          cost: {
            amount: (used.inputTokens * price.input + used.outputTokens * price.output) / 1_000_000,
            currency: price.currency,
          },
        }
      : {}),
  };
}

/**
 * The price of the operator's model that answered with `model` (a `LanguageModel.id`, as usage records
 * keep it): the conversation's own model (or the default) when it is that model, else the one entry
 * made with that id; none when several entries share it and none is the conversation's.
 */
export function modelPrices(
  models: ModelResolver,
  conversationModel: string | null,
): (model: string) => ModelPrice | undefined {
  const own = models.offered.find((entry) => entry.id === conversationModel) ?? models.defaultEntry;
  return (model) => {
    if (own.model.id === model) return own.price;
    const made = models.offered.filter((entry) => entry.model.id === model);
    return made.length === 1 ? made[0]?.price : undefined;
  };
}
