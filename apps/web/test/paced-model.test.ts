import type { ModelStreamEvent } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { describe, expect, it } from 'vitest';
import { pacedModel } from '../src/lib/standalone/paced-model.ts';

describe('pacedModel', () => {
  it('passes every event through and stops when the request is aborted', async () => {
    const model = pacedModel(createScriptedModel([{ text: 'one two three' }, { text: 'four five six' }]), 1);
    const events: ModelStreamEvent[] = [];
    for await (const event of model.stream({
      system: '',
      messages: [],
      tools: [],
      signal: new AbortController().signal,
    }))
      events.push(event);
    expect(
      events
        .filter((event) => event.type === 'text_delta')
        .map((event) => (event as { text: string }).text)
        .join(''),
    ).toBe('one two three');
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'end_turn' });

    const controller = new AbortController();
    const seen: ModelStreamEvent[] = [];
    for await (const event of model.stream({
      system: '',
      messages: [],
      tools: [],
      signal: controller.signal,
    })) {
      seen.push(event);
      controller.abort();
    }
    expect(seen).toHaveLength(1);
  });
});
