import { describe, expect, it } from 'vitest';
import { collectEvents } from '../testing/index.ts';
import { type ChatCompletionChunkLike, streamChatCompletion } from './stream-chat-completion.ts';

function run(chunks: ChatCompletionChunkLike[]) {
  async function* replay() {
    yield* chunks;
  }
  return collectEvents(
    streamChatCompletion(async () => replay(), {
      vendor: 'Test',
      signal: new AbortController().signal,
      secrets: [],
      createId: () => 'generated',
    }),
  );
}

describe('streamChatCompletion', () => {
  it('finishes with tool_use when a server reports stop despite tool calls (as Ollama does)', async () => {
    const events = await run([
      {
        choices: [
          { delta: { tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{}' } }] } },
        ],
      },
      { choices: [{ delta: {}, finish_reason: 'stop' }] },
    ]);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'tool_use' });
  });

  it('streams a refusal as text and finishes with refusal', async () => {
    const events = await run([
      { choices: [{ delta: { refusal: "I can't help with that." } }] },
      { choices: [{ delta: {}, finish_reason: 'stop' }] },
    ]);
    expect(events).toEqual([
      { type: 'text_delta', text: "I can't help with that." },
      { type: 'finish', reason: 'refusal' },
    ]);
  });

  it('maps content_filter to refusal and reads usage from any chunk', async () => {
    const events = await run([
      {
        choices: [{ delta: { content: 'x' }, finish_reason: 'content_filter' }],
        usage: { prompt_tokens: 4, completion_tokens: 1 },
      },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', usage: { inputTokens: 4, outputTokens: 1 } },
      { type: 'finish', reason: 'refusal' },
    ]);
  });
});
