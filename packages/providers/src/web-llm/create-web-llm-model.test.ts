import type { ModelStreamEvent, ProviderTool } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { requestWith } from '../../test/support/adapter-tests.ts';
import type { ChatCompletionChunkLike } from '../shared/stream-chat-completion.ts';
import { collectEvents } from '../testing/index.ts';
import { createWebLlmModel, type WebLlmChatRequest, type WebLlmEngine } from './create-web-llm-model.ts';

/** An object with an MLCEngine's interface that streams `pieces` as OpenAI-style chunks. */
function fakeEngine(pieces: string[]) {
  const requests: WebLlmChatRequest[] = [];
  let interrupted = false;
  const engine: WebLlmEngine = {
    chat: {
      completions: {
        async create(request) {
          requests.push(request);
          return (async function* (): AsyncGenerator<ChatCompletionChunkLike> {
            for (const content of pieces) {
              await Promise.resolve();
              if (interrupted) {
                yield { choices: [{ delta: {}, finish_reason: 'abort' }] };
                return;
              }
              yield { choices: [{ delta: { content }, finish_reason: null }] };
            }
            yield { choices: [{ delta: {}, finish_reason: 'stop' }] };
            yield { choices: [], usage: { prompt_tokens: 300, completion_tokens: 25 } };
          })();
        },
      },
    },
    interruptGenerate() {
      interrupted = true;
    },
  };
  return { engine, requests, wasInterrupted: () => interrupted };
}

const tools: ProviderTool[] = [
  {
    name: 'calculate',
    description: 'Arithmetic',
    input_schema: { type: 'object', properties: { a: { type: 'number' } } },
  },
];

const request = requestWith({ system: 'You are a local assistant.', tools });

describe('createWebLlmModel', () => {
  it('gives the engine the tools through the text protocol and parses calls from its stream', async () => {
    const { engine, requests } = fakeEngine([
      'I will compute. <tool>calc',
      'ulate</tool><params>{"a"',
      ': 5}</params>',
    ]);
    const model = createWebLlmModel(engine, {
      model: 'Qwen2.5-7B-Instruct-q4f16_1-MLC',
      maxTokens: 512,
      temperature: 0.2,
    });
    const events = await collectEvents(model.stream(request()));
    expect(model.id).toBe('web-llm:Qwen2.5-7B-Instruct-q4f16_1-MLC');
    expect(events).toEqual([
      { type: 'text_delta', text: 'I will compute. ' },
      { type: 'tool_call', id: expect.stringMatching(/^text_call_/), name: 'calculate', input: { a: 5 } },
      { type: 'usage', usage: { inputTokens: 300, outputTokens: 25 } },
      { type: 'finish', reason: 'tool_use' },
    ]);
    const [sent] = requests;
    expect(sent).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 512,
      temperature: 0.2,
    });
    expect(sent).not.toHaveProperty('tools');
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain('### calculate');
    expect(sent.messages[1]).toEqual({ role: 'user', content: 'What is 5 plus 3?' });
  });

  it('sends the history as plain text messages', async () => {
    const { engine, requests } = fakeEngine(['8']);
    await collectEvents(
      createWebLlmModel(engine, { model: 'm', textProtocol: { syntax: 'qwen' } }).stream(
        request({
          messages: [
            { role: 'user', content: 'What is 5 plus 3?' },
            {
              role: 'assistant',
              content: [{ type: 'tool_use', id: 'c1', name: 'calculate', input: { a: 5 } }],
            },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c1', content: '8' }] },
          ],
        }),
      ),
    );
    expect(requests[0].messages.slice(1)).toEqual([
      { role: 'user', content: 'What is 5 plus 3?' },
      { role: 'assistant', content: '<tool_call>{"name": "calculate", "arguments": {"a":5}}</tool_call>' },
      { role: 'user', content: '<tool_result name="calculate" id="c1">\n8\n</tool_result>' },
    ]);
  });

  it('interrupts the engine when the request is aborted', async () => {
    const { engine, wasInterrupted } = fakeEngine(['one ', 'two ', 'three ', 'four']);
    const controller = new AbortController();
    const events: ModelStreamEvent[] = [];
    for await (const event of createWebLlmModel(engine, { model: 'm' }).stream(
      request({ signal: controller.signal }),
    )) {
      events.push(event);
      if (event.type === 'text_delta') controller.abort();
    }
    expect(wasInterrupted()).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'error', error: 'aborted' });
  });

  it('reports an engine failure as finish error', async () => {
    const engine: WebLlmEngine = {
      chat: {
        completions: {
          create: () =>
            Promise.reject(new Error('Model not loaded before calling chat.completions.create()')),
        },
      },
    };
    const events = await collectEvents(createWebLlmModel(engine, { model: 'm' }).stream(request()));
    expect(events).toEqual([
      {
        type: 'finish',
        reason: 'error',
        error: 'web-llm stream failed: Model not loaded before calling chat.completions.create()',
      },
    ]);
  });
});
