import { randomUUID } from 'node:crypto';
import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  createRequestStateCodec,
  type GetPromptResult,
  type InputRequests,
  type InputRequiredResult,
  inputRequired,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { type FixtureTool, fixtureTool, textResult } from './fixture-tool.ts';

/** Signs the fixture's request state (SEP-2322): a tampered state fails verification before a tool runs. */
export const fixtureRequestState = createRequestStateCodec<Record<string, unknown>>({
  key: crypto.getRandomValues(new Uint8Array(32)),
});

const askName = () =>
  inputRequired.elicit({
    message: 'What is your name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
const askConfirmation = () =>
  inputRequired.elicit({
    message: 'Please confirm',
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });

/**
 * The suite's multi-round-trip tools (SEP-2322, `input-required-result-*` scenarios), as the SDK's
 * conformance server writes them: each answers `input_required` until the retry carries the
 * answers it needs, keyed as the suite expects (`user_name`, `capital_question`, `client_roots`, …).
 */
export const ROUND_TOOLS: readonly FixtureTool[] = [
  fixtureTool('input_required_result_elicitation', async (_args, ctx) => {
    const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'user_name')?.name;
    if (typeof name !== 'string') return inputRequired({ inputRequests: { user_name: askName() } });
    return textResult(`Hello, ${name}!`);
  }),
  fixtureTool('input_required_result_sampling', async (_args, ctx) => {
    const answer = ctx.mcpReq.inputResponses?.capital_question as { content?: { text?: string } } | undefined;
    if (answer === undefined)
      return inputRequired({
        inputRequests: {
          capital_question: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'What is the capital of France?' } }],
            maxTokens: 100,
          }),
        },
      });
    return textResult(`Sampling response: ${answer.content?.text ?? JSON.stringify(answer)}`);
  }),
  fixtureTool('input_required_result_list_roots', async (_args, ctx) => {
    const answer = ctx.mcpReq.inputResponses?.client_roots as { roots?: Array<{ uri?: string }> } | undefined;
    if (!Array.isArray(answer?.roots))
      return inputRequired({ inputRequests: { client_roots: inputRequired.listRoots() } });
    return textResult(`Client exposed ${answer.roots.length} root(s)`);
  }),
  fixtureTool('input_required_result_request_state', async (_args, ctx) => {
    if (acceptedContent(ctx.mcpReq.inputResponses, 'confirm') === undefined)
      return inputRequired({
        inputRequests: { confirm: askConfirmation() },
        requestState: await fixtureRequestState.mint({ tool: 'request_state', nonce: randomUUID() }),
      });
    if (ctx.mcpReq.requestState() === undefined)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid requestState: missing');
    return textResult('state-ok: requestState verified and confirmation received');
  }),
  fixtureTool('input_required_result_multiple_inputs', async (_args, ctx) => {
    const responses = ctx.mcpReq.inputResponses;
    const name = acceptedContent<{ name: string }>(responses, 'user_name')?.name;
    const greeting = (responses?.greeting as { content?: { text?: string } } | undefined)?.content?.text;
    const roots = (responses?.client_roots as { roots?: unknown[] } | undefined)?.roots;
    if (typeof name === 'string' && typeof greeting === 'string' && Array.isArray(roots))
      return textResult(`${greeting} ${name} — ${roots.length} root(s) visible`);
    return inputRequired({
      inputRequests: {
        user_name: askName(),
        greeting: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Generate a greeting' } }],
          maxTokens: 50,
        }),
        client_roots: inputRequired.listRoots(),
      },
      requestState: await fixtureRequestState.mint({ tool: 'multiple_inputs', nonce: randomUUID() }),
    });
  }),
  fixtureTool('input_required_result_multi_round', multiRound),
  fixtureTool('input_required_result_tampered_state', async (_args, ctx) => {
    if (ctx.mcpReq.requestState() !== undefined && acceptedContent(ctx.mcpReq.inputResponses, 'confirm'))
      return textResult('integrity-ok: requestState verified');
    return inputRequired({
      inputRequests: { confirm: askConfirmation() },
      requestState: await fixtureRequestState.mint({ tool: 'tampered_state', nonce: randomUUID() }),
    });
  }),
  fixtureTool('input_required_result_capabilities', async (_args, ctx) => {
    if (ctx.mcpReq.inputResponses !== undefined)
      return textResult('Capability-aware input requests fulfilled');
    // The capabilities this request declares (2026-07-28 envelope): ask only for what they cover.
    const declared = (
      ctx.mcpReq.envelope as Record<string, Record<string, unknown> | undefined> | undefined
    )?.[CLIENT_CAPABILITIES_META_KEY];
    const inputRequests: InputRequests = {};
    if (declared?.elicitation !== undefined) inputRequests.user_name = askName();
    if (declared?.sampling !== undefined)
      inputRequests.greeting = inputRequired.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: 'Generate a short greeting' } }],
        maxTokens: 50,
      });
    if (declared?.roots !== undefined) inputRequests.client_roots = inputRequired.listRoots();
    if (Object.keys(inputRequests).length === 0)
      return textResult('No declared client capability supports an in-band input request');
    return inputRequired({ inputRequests });
  }),
  // Needs sampling whatever the client declares: the SDK refuses it with -32021 for a client without it.
  fixtureTool('missing_capability', async (_args, ctx) => {
    if (ctx.mcpReq.inputResponses?.llm_answer !== undefined)
      return textResult('sampling round-trip complete');
    return inputRequired({
      inputRequests: {
        llm_answer: inputRequired.createMessage({
          messages: [{ role: 'user', content: { type: 'text', text: 'Reply with the single word: pong' } }],
          maxTokens: 16,
        }),
      },
    });
  }),
];

/** Two elicitation rounds, the round number carried in the signed request state. */
async function multiRound(_args: Record<string, unknown>, ctx: ServerContext) {
  const state = ctx.mcpReq.requestState<Record<string, unknown>>();
  const round = state?.tool === 'multi_round' && typeof state.round === 'number' ? state.round : 0;
  if (round === 0)
    return inputRequired({
      inputRequests: {
        step1: inputRequired.elicit({
          message: 'Step 1: What is your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        }),
      },
      requestState: await fixtureRequestState.mint({ tool: 'multi_round', round: 1, nonce: randomUUID() }),
    });
  if (round === 1) {
    const name = acceptedContent<{ name: string }>(ctx.mcpReq.inputResponses, 'step1')?.name ?? 'unknown';
    return inputRequired({
      inputRequests: {
        step2: inputRequired.elicit({
          message: 'Step 2: What is your favorite color?',
          requestedSchema: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
        }),
      },
      requestState: await fixtureRequestState.mint({
        tool: 'multi_round',
        round: 2,
        name,
        nonce: randomUUID(),
      }),
    });
  }
  const color = acceptedContent<{ color: string }>(ctx.mcpReq.inputResponses, 'step2')?.color ?? 'unknown';
  return textResult(`Multi-round complete: ${String(state?.name ?? 'unknown')} likes ${color}`);
}

/** The suite's prompt that asks for input before it renders (`input-required-result-non-tool-request`). */
export function roundPrompt(ctx: ServerContext): GetPromptResult | InputRequiredResult {
  const context = acceptedContent<{ context: string }>(ctx.mcpReq.inputResponses, 'user_context')?.context;
  if (typeof context !== 'string')
    return inputRequired({
      inputRequests: {
        user_context: inputRequired.elicit({
          message: 'What context should the prompt use?',
          requestedSchema: {
            type: 'object',
            properties: { context: { type: 'string' } },
            required: ['context'],
          },
        }),
      },
    });
  return {
    messages: [{ role: 'user', content: { type: 'text', text: `Use the following context: ${context}` } }],
  };
}
