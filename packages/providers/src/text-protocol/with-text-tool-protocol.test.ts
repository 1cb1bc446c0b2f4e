import type { LanguageModel, ModelRequest, ModelStreamEvent, ProviderTool } from '@switchboard/core';
import { describe, expect, it } from 'vitest';
import { requestWith } from '../../test/support/adapter-tests.ts';
import { collectEvents } from '../testing/index.ts';
import { withTextToolProtocol } from './with-text-tool-protocol.ts';

/** A text-only model that streams the given chunks and records what it was asked. */
function textModel(chunks: string[], tail: ModelStreamEvent[] = [{ type: 'finish', reason: 'end_turn' }]) {
  const requests: ModelRequest[] = [];
  const model: LanguageModel = {
    id: 'fake:text',
    async *stream(request) {
      requests.push(request);
      for (const text of chunks) yield { type: 'text_delta', text };
      yield* tail;
    },
  };
  return { model, requests };
}

const tools: ProviderTool[] = [
  {
    name: 'calculator_webmcp_calculate',
    description: 'Arithmetic on two numbers',
    input_schema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
    },
  },
];

const request = requestWith({ tools });

function sequentialIds() {
  let next = 0;
  return () => `text_call_${++next}`;
}

describe('withTextToolProtocol', () => {
  it('writes the tools and the protocol into the system prompt and sends no native tools', async () => {
    const { model, requests } = textModel(['Hi']);
    await collectEvents(withTextToolProtocol(model).stream(request()));
    const [sent] = requests;
    expect(sent.tools).toEqual([]);
    expect(sent.system.startsWith('You are helpful.\n\n# Tools')).toBe(true);
    expect(sent.system).toContain('<tool>tool_name</tool><params>{"argument":"value"}</params>');
    expect(sent.system).toContain('### calculator_webmcp_calculate\nArithmetic on two numbers\n');
    expect(sent.system).toContain(`Parameters (JSON Schema): ${JSON.stringify(tools[0].input_schema)}`);
  });

  it('teaches the Qwen-style syntax when asked', async () => {
    const { model, requests } = textModel(['Hi']);
    await collectEvents(withTextToolProtocol(model, { syntax: 'qwen' }).stream(request()));
    expect(requests[0].system).toContain(
      '<tool_call>{"name": "tool_name", "arguments": {"argument":"value"}}</tool_call>',
    );
  });

  it('leaves the system prompt alone when there are no tools', async () => {
    const { model, requests } = textModel(['Hi']);
    await collectEvents(withTextToolProtocol(model).stream(request({ tools: [] })));
    expect(requests[0].system).toBe('You are helpful.');
  });

  it('renders past tool calls and results as text', async () => {
    const { model, requests } = textModel(['8.']);
    await collectEvents(
      withTextToolProtocol(model).stream(
        request({
          messages: [
            { role: 'user', content: 'What is 5 plus 3, and 1 plus?' },
            {
              role: 'assistant',
              content: [
                { type: 'text', text: 'Computing.' },
                { type: 'tool_use', id: 'c1', name: 'calculator_webmcp_calculate', input: { a: 5, b: 3 } },
                {
                  type: 'tool_use',
                  id: 'c2',
                  name: 'calculator_webmcp_calculate',
                  input: { __parse_error: 'params is not valid JSON', raw: '{"a": 1,' },
                },
              ],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', tool_use_id: 'c1', content: '8' },
                {
                  type: 'tool_result',
                  tool_use_id: 'c2',
                  content: 'params is not valid JSON',
                  is_error: true,
                },
              ],
            },
          ],
        }),
      ),
    );
    expect(requests[0].messages).toEqual([
      { role: 'user', content: 'What is 5 plus 3, and 1 plus?' },
      {
        role: 'assistant',
        content:
          'Computing.\n<tool>calculator_webmcp_calculate</tool><params>{"a":5,"b":3}</params>\n' +
          '<tool>calculator_webmcp_calculate</tool><params>{"a": 1,</params>',
      },
      {
        role: 'user',
        content:
          '<tool_result name="calculator_webmcp_calculate" id="c1">\n8\n</tool_result>\n\n' +
          '<tool_result name="calculator_webmcp_calculate" id="c2" error="true">\nparams is not valid JSON\n</tool_result>',
      },
    ]);
  });

  it("sends a Qwen model's own <tool_call> calls back in its syntax, though taught <tool>", async () => {
    const call = '<tool_call>{"name": "calculator_webmcp_calculate", "arguments": {"a":5,"b":3}}</tool_call>';
    const { model, requests } = textModel([`Computing.\n${call}`]);
    const wrapped = withTextToolProtocol(model, { createId: sequentialIds() });
    const events = await collectEvents(wrapped.stream(request()));
    const toolCall = events.find((event) => event.type === 'tool_call');
    expect(toolCall).toMatchObject({ id: 'text_call_1__qwen', name: 'calculator_webmcp_calculate' });
    const id = toolCall?.type === 'tool_call' ? toolCall.id : '';
    const history: ModelRequest['messages'] = [
      { role: 'user', content: 'What is 5 plus 3?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Computing.' },
          { type: 'tool_use', id, name: 'calculator_webmcp_calculate', input: { a: 5, b: 3 } },
          { type: 'tool_use', id: 'text_call_2', name: 'calculator_webmcp_calculate', input: { a: 1, b: 1 } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: '8' }] },
    ];
    await collectEvents(wrapped.stream(request({ messages: history })));
    expect(requests[1].messages[1]).toEqual({
      role: 'assistant',
      content: `Computing.\n${call}\n<tool>calculator_webmcp_calculate</tool><params>{"a":1,"b":1}</params>`,
    });
  });

  it('turns calls in the streamed text into tool_call events and finishes with tool_use', async () => {
    const { model } = textModel(
      [
        'Sure.\n<to',
        'ol>calculator_webmcp_',
        'calculate</tool><par',
        'ams>{"a": 5, "b"',
        ': 3}</params>\n<tool>calc',
        '</tool><params>{oops}</params>',
      ],
      [
        { type: 'usage', usage: { inputTokens: 100, outputTokens: 20 } },
        { type: 'finish', reason: 'end_turn' },
      ],
    );
    const events = await collectEvents(
      withTextToolProtocol(model, { createId: sequentialIds() }).stream(request()),
    );
    expect(events).toEqual([
      { type: 'text_delta', text: 'Sure.\n' },
      { type: 'tool_call', id: 'text_call_1', name: 'calculator_webmcp_calculate', input: { a: 5, b: 3 } },
      { type: 'text_delta', text: '\n' },
      {
        type: 'tool_call',
        id: 'text_call_2',
        name: 'calc',
        input: {
          __parse_error: expect.stringMatching(/^params is not valid JSON: /),
          raw: '{oops}',
        },
      },
      { type: 'usage', usage: { inputTokens: 100, outputTokens: 20 } },
      { type: 'finish', reason: 'tool_use' },
    ]);
  });

  it('keeps the inner finish when there are no calls, and gives random ids by default', async () => {
    const plain = await collectEvents(
      withTextToolProtocol(textModel(['Just text.']).model).stream(request()),
    );
    expect(plain).toEqual([
      { type: 'text_delta', text: 'Just text.' },
      { type: 'finish', reason: 'end_turn' },
    ]);
    const withCall = await collectEvents(
      withTextToolProtocol(textModel(['<tool>f</tool>']).model).stream(request()),
    );
    expect(withCall[0]).toMatchObject({
      type: 'tool_call',
      name: 'f',
      id: expect.stringMatching(/^text_call_/),
    });
  });

  it('finishes with an error when the inner stream ends without a finish', async () => {
    const { model } = textModel(['Half <tool'], []);
    const events = await collectEvents(withTextToolProtocol(model).stream(request()));
    expect(events).toEqual([
      { type: 'text_delta', text: 'Half ' },
      { type: 'text_delta', text: '<tool' },
      { type: 'finish', reason: 'error', error: 'fake:text stream ended without a finish event' },
    ]);
  });
});
