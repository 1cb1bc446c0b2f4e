import type { ModelStreamEvent } from '@switchboard/core';

/** Reads a model stream to its end and returns every event. */
export async function collectEvents(stream: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const events: ModelStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}
