import { createScriptedModel } from '@switchboard/core/testing';
import { describe, expect, it } from 'vitest';
import type { ApiMessage } from '../messages/api-message.ts';
import { createModelResolver, type OperatorModel } from './model-resolver.ts';
import { modelPrices, withReplyUsage } from './reply-usage.ts';

const USD = (input: number, output: number) => ({ input, output, currency: 'USD' });

function entry(id: string, modelId: string, price?: OperatorModel['price']): OperatorModel {
  return {
    id,
    label: id,
    vendor: 'scripted',
    ...(price ? { price } : {}),
    model: createScriptedModel([], { id: modelId }),
  };
}

describe('modelPrices', () => {
  const cheap = entry('cheap', 'planner', USD(0, 0));
  const twin = entry('twin', 'planner', USD(5, 5));
  const big = entry('big', 'vendor:big', USD(3, 15));
  const models = createModelResolver(cheap.model, [cheap, twin, big]);

  it("prices a turn as the conversation's own model when that model answered it", () => {
    expect(modelPrices(models, 'twin')('planner')).toEqual(USD(5, 5));
    expect(modelPrices(models, null)('planner')).toEqual(USD(0, 0));
  });

  it('prices a turn of another model by the one entry made with it, and not when several were', () => {
    expect(modelPrices(models, 'cheap')('vendor:big')).toEqual(USD(3, 15));
    expect(modelPrices(models, 'big')('planner')).toBeUndefined();
    expect(modelPrices(models, 'big')('gone')).toBeUndefined();
  });
});

describe('withReplyUsage', () => {
  const message = (id: string, role: ApiMessage['role']): ApiMessage => ({
    id,
    role,
    content: id,
    timestamp: '2026-11-28T10:00:00.000Z',
  });

  it("gives each turn's last reply in the page its usage and cost, and nothing else", () => {
    const page = [
      { message: message('u1', 'user'), runId: 'run_1' },
      { message: message('a1', 'assistant'), runId: 'run_1' },
      { message: message('t1', 'tool'), runId: 'run_1' },
      { message: message('a2', 'assistant'), runId: 'run_1' },
      { message: message('u2', 'user'), runId: 'run_2' },
      { message: message('a3', 'assistant'), runId: 'run_2' },
      { message: message('by-hand', 'assistant'), runId: null },
    ];
    const usage = new Map([
      ['run_1', { model: 'vendor:big', inputTokens: 2_000, outputTokens: 500 }],
      ['run_2', { model: 'unpriced', inputTokens: 10, outputTokens: 1 }],
    ]);
    const shown = withReplyUsage(page, usage, (model) => (model === 'vendor:big' ? USD(3, 15) : undefined));
    expect(shown.map((item) => [item.id, item.usage])).toEqual([
      ['u1', undefined],
      ['a1', undefined],
      ['t1', undefined],
      ['a2', { input_tokens: 2_000, output_tokens: 500, cost: { amount: 0.0135, currency: 'USD' } }],
      ['u2', undefined],
      ['a3', { input_tokens: 10, output_tokens: 1 }],
      ['by-hand', undefined],
    ]);
  });
});
