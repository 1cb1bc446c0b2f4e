import type { ChatMessage, ContentBlock, LanguageModel, ProviderTool } from '@switchboard/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anthropicRequestError,
  collectEvents,
  type FakeModelServer,
  type FakeReply,
  fixtureReply,
  openaiRequestError,
  startFakeModelServer,
} from '../../src/testing/index.ts';
import { anthropicAgainst, openaiAgainst } from '../support/adapter-tests.ts';

/**
 * Every history a conversation can store replays as a request the vendor accepts: each adapter's
 * request, for histories generated from what turns leave behind (failed turns, retried and stopped
 * steps, approvals and elicitations answered, denied or never answered, whitespace-only replies),
 * keeps the message rules the fake vendor servers enforce as the real APIs do.
 */

const TOOLS: ProviderTool[] = [
  {
    name: 'shop_mcp_search_products',
    description: 'Search products',
    input_schema: { type: 'object', properties: { query: { type: 'string' } } },
  },
];

/** What a model step's text can be: nothing, whitespace only, or words (some ending in whitespace). */
const stepText = fc.constantFrom('', ' ', '\n\n', ' \n', '\t', 'Searching.', 'Here it is. ', 'Done');

/** How a step's tool calls were answered in the stored history. */
const answering = fc.constantFrom(
  'all', // every call ran, results in order
  'reversed', // results stored in another order
  'some', // the turn stopped after some calls ran
  'none', // stopped (or awaiting approval / elicitation) before any ran
  'denied', // the person declined: error results
  'orphan', // a result of a call this history no longer holds (compressed, trimmed)
  'split', // results in two user messages (an approval answered later)
);

const step = fc.record({
  text: stepText,
  calls: fc.integer({ min: 0, max: 3 }),
  answering,
  /** A broken-off attempt stored before the retried one (an assistant message right before this one). */
  retried: fc.boolean(),
  /** A note the host added after the results (an unanswered mark, an elicitation's answer). */
  note: fc.constantFrom(undefined, '', ' ', '[system note] The person answered the form.'),
});

const turn = fc.record({
  request: fc.constantFrom('empty my cart', 'search milk', ' ', 'what can you do?'),
  /** The request as a string or as blocks. */
  asBlocks: fc.boolean(),
  steps: fc.array(step, { maxLength: 3 }),
  /** `answer`: a final text; `failed`: nothing after the steps (the next user message follows). */
  ending: fc.constantFrom('answer', 'failed'),
  answer: stepText,
});

type Turn = typeof turn extends fc.Arbitrary<infer T> ? T : never;

/** The history those turns store, ending with the user's newest message (the one being sent). */
function historyOf(turns: readonly Turn[], newest: string): ChatMessage[] {
  let next = 0;
  const messages: ChatMessage[] = [];
  for (const { request, asBlocks, steps, ending, answer } of turns) {
    messages.push({ role: 'user', content: asBlocks ? [{ type: 'text', text: request }] : request });
    for (const { text, calls, answering, retried, note } of steps) {
      if (retried) messages.push({ role: 'assistant', content: [{ type: 'text', text: 'Let me' }] });
      const ids = Array.from({ length: calls }, () => `toolu_${next++}`);
      const uses: ContentBlock[] = ids.map((id) => ({
        type: 'tool_use',
        id,
        name: TOOLS[0]?.name ?? '',
        input: {},
      }));
      messages.push({ role: 'assistant', content: [{ type: 'text', text }, ...uses] });
      const result = (id: string, isError = false): ContentBlock => ({
        type: 'tool_result',
        tool_use_id: id,
        content: isError ? 'The person did not approve the call.' : '{"results":[]}',
        ...(isError ? { is_error: true } : {}),
      });
      const notes: ContentBlock[] = note === undefined ? [] : [{ type: 'text', text: note }];
      switch (answering) {
        case 'all':
          messages.push({ role: 'user', content: [...ids.map((id) => result(id)), ...notes] });
          break;
        case 'reversed':
          messages.push({ role: 'user', content: [...notes, ...ids.map((id) => result(id)).reverse()] });
          break;
        case 'some':
          messages.push({ role: 'user', content: [...ids.slice(1).map((id) => result(id)), ...notes] });
          break;
        case 'none':
          if (notes.length > 0) messages.push({ role: 'user', content: notes });
          break;
        case 'denied':
          messages.push({ role: 'user', content: ids.map((id) => result(id, true)) });
          break;
        case 'orphan':
          messages.push({
            role: 'user',
            content: [result(`toolu_gone_${next++}`), ...ids.map((id) => result(id))],
          });
          break;
        case 'split':
          messages.push({ role: 'user', content: ids.slice(0, 1).map((id) => result(id)) });
          messages.push({ role: 'user', content: [...ids.slice(1).map((id) => result(id)), ...notes] });
          break;
      }
    }
    if (ending === 'answer') messages.push({ role: 'assistant', content: answer });
  }
  messages.push({ role: 'user', content: newest });
  return messages;
}

const adapters: Array<{
  vendor: 'anthropic' | 'openai';
  model: (server: FakeModelServer) => LanguageModel;
  reply: () => FakeReply;
  rules: (body: unknown) => FakeReply | undefined;
}> = [
  {
    vendor: 'anthropic',
    model: (server) => anthropicAgainst(server, { maxRetries: 0 }),
    reply: () => fixtureReply('anthropic/text'),
    rules: anthropicRequestError,
  },
  {
    vendor: 'openai',
    model: (server) => openaiAgainst(server, { maxRetries: 0 }),
    reply: () => fixtureReply('openai/text'),
    rules: openaiRequestError,
  },
];

describe.each(adapters)(
  'stored histories replayed through the $vendor adapter',
  ({ model, reply, rules }) => {
    let server: FakeModelServer;
    beforeAll(async () => {
      server = await startFakeModelServer();
    });
    afterAll(async () => {
      await server.close();
    });

    /** Sends the history as the adapter would and resolves with the vendor's refusal, if any. */
    async function refusalOf(messages: ChatMessage[]): Promise<unknown> {
      // A refused request takes no scripted answer: the one queued for it is left for the next.
      if (server.pending() === 0) server.enqueue(reply());
      const before = server.requests.length;
      const events = await collectEvents(
        model(server).stream({
          system: 'Be brief.',
          messages,
          tools: TOOLS,
          signal: new AbortController().signal,
        }),
      );
      const body = server.requests[before]?.body;
      const finish = events.find((event) => event.type === 'finish');
      return rules(body)?.body ?? (finish?.type === 'finish' ? finish.error : undefined);
    }

    it('the issue: a whitespace step before a tool call and a whitespace answer, then a new message', async () => {
      const messages: ChatMessage[] = [
        { role: 'user', content: 'search milk' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: '\n\n' },
            { type: 'tool_use', id: 'toolu_1', name: 'shop_mcp_search_products', input: { query: 'milk' } },
          ],
        },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '{"results":[]}' }],
        },
        { role: 'assistant', content: ' \n' },
        { role: 'user', content: 'add the first one to my cart' },
      ];
      expect(await refusalOf(messages)).toBeUndefined();
    });

    it('every generated history is a request the vendor accepts', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(turn, { minLength: 1, maxLength: 4 }), async (turns) => {
          const refusal = await refusalOf(historyOf(turns, 'show my cart'));
          expect(refusal).toBeUndefined();
        }),
        { numRuns: 300 },
      );
    });
  },
);
