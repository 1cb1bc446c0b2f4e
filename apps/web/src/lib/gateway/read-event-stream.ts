import type { AgentEvent } from '@switchboard/core';
import { EventSourceParserStream } from 'eventsource-parser/stream';

/**
 * Reads a gateway response body of Server-Sent Events and hands each AG-UI event to `onEvent`, in order.
 * Data that is not JSON is skipped. Resolves when the stream ends.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: AgentEvent) => void,
): Promise<void> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    try {
      onEvent(JSON.parse(value.data) as AgentEvent);
    } catch {
      // Not an event (e.g. an empty keep-alive data line).
    }
  }
}
