import { createScriptedModel } from '@switchboard/core/testing';
import { createOfflinePlanner } from '@switchboard/servers/offline-planner';
import { describe, expect, it } from 'vitest';
import { createModelResolver, type OperatorModel } from './model-resolver.ts';
import { UnknownModelError } from './unknown-model-error.ts';

/** An operator's entry around a scripted model. */
function entry(id: string, modelId = `scripted:${id}`): OperatorModel {
  return { id, label: id.toUpperCase(), vendor: 'scripted', model: createScriptedModel([], { id: modelId }) };
}

/** The error `resolve` throws for `value`. */
function refusal(run: () => unknown): UnknownModelError {
  try {
    run();
  } catch (error) {
    if (error instanceof UnknownModelError) return error;
    throw error;
  }
  throw new Error('expected an UnknownModelError');
}

describe('createModelResolver', () => {
  it('offers only the default when the operator lists no models, under its id and label', () => {
    const planner = createOfflinePlanner();
    const models = createModelResolver(planner);
    expect(models.offered.map(({ id, label, vendor }) => ({ id, label, vendor }))).toEqual([
      { id: 'offline:planner', label: 'Offline planner (not a language model)', vendor: 'offline' },
    ]);
    expect(models.resolve(null)).toBe(planner);
    expect(models.resolve('offline:planner')).toBe(planner);
    expect(refusal(() => models.resolve('openai-compatible:http://127.0.0.1:9/v1#x')).available).toEqual([
      'offline:planner',
    ]);
  });

  it('resolves the ids of the listed models, the default being the entry that holds it', () => {
    const [fast, smart] = [entry('fast'), entry('smart')];
    const models = createModelResolver(smart.model, [fast, smart]);
    expect(models.offered.map((model) => model.id)).toEqual(['smart', 'fast']);
    expect(models.defaultEntry).toBe(smart);
    expect(models.resolve(undefined)).toBe(smart.model);
    expect(models.resolve('fast')).toBe(fast.model);
    // The vendor model's own id is not an id users pick.
    const refused = refusal(() => models.resolve('scripted:fast'));
    expect(refused.code).toBe('unknown_model');
    expect(refused.available).toEqual(['smart', 'fast']);
    expect(refused.message).toBe(
      'model "scripted:fast" is not offered by this gateway; use one of "smart", "fast" (GET /models lists them), or null for the default',
    );
  });

  it('quotes at most 100 characters of what was asked for', () => {
    const models = createModelResolver(entry('only').model);
    expect(refusal(() => models.resolve('x'.repeat(5000))).message.length).toBeLessThan(300);
  });

  it('refuses two models with one id', () => {
    const first = entry('same');
    expect(() => createModelResolver(first.model, [first, entry('same', 'scripted:other')])).toThrow(
      'two models have the id "same"',
    );
    expect(() => createModelResolver(createScriptedModel([], { id: 'same' }), [entry('same')])).toThrow(
      'two models have the id "same"',
    );
  });
});
