import {
  type AgentEvent,
  type AgentResult,
  AgentSession,
  type ContentBlock,
  resumeAgentLoop,
  runAgentLoop,
  type ToolUseBlock,
} from '@switchboard/core';
import type { Context } from 'hono';
import { clientLayer } from '../../chat/turn-setup.ts';
import { fromApiMessages } from '../../messages/from-api-messages.ts';
import { toApiMessages } from '../../messages/to-api-messages.ts';
import { logModelRetry } from '../../observability/log-model-retry.ts';
import { logTurnFailure } from '../../observability/log-turn-failure.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import { recordUsage, turnUsage } from '../../store/usage-store.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named, type SchemaValue } from '../api-route.ts';
import { enforceRateLimit } from '../enforce-rate-limit.ts';
import { idempotently, jsonAnswer } from '../idempotency-key.ts';
import {
  errorResponse,
  idempotencyErrors,
  idempotencyKeyParam,
  json,
  standardErrors,
} from '../openapi-parts.ts';
import { ClientToolSchema, MessageInputSchema, ModelChoiceSchema, text } from '../schemas.ts';

/** The body of `POST /chat/v1/conversation`. */
const StatelessChatRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['messages'],
  properties: {
    messages: { type: 'array', minItems: 1, maxItems: 2000, items: MessageInputSchema },
    tools: {
      type: 'array',
      maxItems: 200,
      items: ClientToolSchema,
      description: 'The tools the client executes.',
    },
    systemPrompt: text(100_000),
    context: { description: 'Anything the model should know (JSON).' },
    model: ModelChoiceSchema,
  },
} as const;
const StatelessChatRequest = named('StatelessChatRequest', StatelessChatRequestSchema);

type StatelessBody = SchemaValue<typeof StatelessChatRequestSchema>;

/**
 * The stateless LLM proxy (`POST /chat/v1/conversation`): the client keeps the history and runs
 * every tool. Each call answers with the tool calls to run or the final text; the client appends the
 * returned messages and its tool results (role `tool`) and calls again. Nothing is stored but usage.
 */
export const statelessChatRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'post',
    path: '/chat/v1/conversation',
    summary: 'Stateless LLM proxy: the tool calls for the client to run, or the final text',
    parameters: [idempotencyKeyParam],
    body: StatelessChatRequest,
    responses: {
      '200': json({ type: 'object' }),
      ...standardErrors,
      ...idempotencyErrors,
      '429': errorResponse('Rate limit.'),
      '502': errorResponse('The model failed.'),
    },
    async handle(c, { services, body: read }) {
      const body = await read();
      // A retry with the request's Idempotency-Key gets the first answer: the model is not asked twice.
      return idempotently(c, services, {
        body,
        replay: (answer) => (answer.kind === 'json' ? jsonAnswer(c, answer) : c.json({}, 500)),
        handle: () => proxyRequest(c, services, body),
      });
    },
  }),
];

/** One request of the stateless proxy: the model's next step on the client's history. */
async function proxyRequest(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  body: StatelessBody,
): Promise<Response> {
  const user = c.get('user');
  const model = services.models.resolve(body.model);
  await enforceRateLimit(c, services, user);
  const tools = body.tools ?? [];
  const catalog = services.catalogs.get(tools.length > 0 ? [clientLayer(tools)] : []);
  const layers = catalog.servers.map((server) => server.layer);
  const offered = layers.length > 0 ? catalog.toolsForLayer(layers[0]) : [];
  const prefixed = new Map(tools.map((tool, index) => [tool.name, offered[index]?.name ?? tool.name]));
  const original = new Map([...prefixed].map(([name, prefixedName]) => [prefixedName, name]));

  const system = [
    body.systemPrompt?.trim(),
    ...body.messages.filter((m) => m.role === 'system').map((m) => m.content ?? ''),
  ]
    .filter(Boolean)
    .join('\n\n');
  const context =
    body.context === undefined
      ? ''
      : `Context:\n${typeof body.context === 'string' ? body.context : JSON.stringify(body.context, null, 2)}`;
  const history = fromApiMessages(
    body.messages
      .filter((message) => message.role !== 'system')
      .map((message) => ({
        ...message,
        content: message.content ?? null,
        ...(message.tool_calls
          ? {
              tool_calls: message.tool_calls.map((call) => ({
                ...call,
                function: {
                  ...call.function,
                  name: prefixed.get(call.function?.name) ?? call.function?.name,
                },
              })),
            }
          : {}),
      })),
    { openTail: true },
  );
  const options = {
    provider: model,
    layers,
    catalog,
    systemPrompt: [system, context].filter(Boolean).join('\n\n') || undefined,
    limits: {
      maxIterations: services.limits.toolTurnsPerRequest,
      maxSessionToolTurns: services.limits.toolTurnsPerSession,
      maxToolCalls: services.limits.toolCallsPerRequest,
    },
    maxHistoryChars: services.limits.historyChars,
    signal: c.req.raw.signal,
    discovery: 'eager' as const,
    validator: services.validator,
    callbacks: {
      onEvent: (event: AgentEvent) => logModelRetry(services.logger, { userId: user.id }, model.id, event),
    },
  };
  const last = history.at(-1);
  const blocks = (last?.content ?? []) as ContentBlock[];
  let result: AgentResult;
  let start: number;
  const newest = blocks.findLastIndex((block) => block.type === 'text');
  if (last?.role === 'user' && newest >= 0) {
    // The newest text is the request; earlier ones (user messages in a row) stay before it, as they were.
    const text = (blocks[newest] as { text: string }).text;
    const rest = blocks.filter((_, index) => index !== newest);
    const session = new AgentSession({
      messages: [
        ...history.slice(0, -1),
        ...(rest.length > 0 ? [{ role: 'user' as const, content: rest }] : []),
      ],
    });
    start = session.messages.length;
    result = await runAgentLoop(text, { ...options, session });
    const first = result.session.messages[start];
    const userText =
      first?.role === 'user' &&
      (typeof first.content === 'string' || first.content.every((block) => block.type === 'text'));
    if (userText) start++;
  } else if (last?.role === 'user') {
    const previous = history.at(-2);
    const calls = ((previous?.content ?? []) as ContentBlock[]).filter(
      (block): block is ToolUseBlock => block.type === 'tool_use',
    );
    if (previous?.role !== 'assistant' || calls.length === 0) {
      throw new ApiError(
        400,
        'invalid_messages',
        "the last message must be the user's, or tool results for the assistant's last tool calls",
      );
    }
    const session = new AgentSession({
      messages: history.slice(0, -1),
      suspended: {
        blocks: calls,
        results: {},
        pending: calls.map((block) => ({ block, reason: 'client_tool' as const })),
        iterations: 0,
      },
    });
    start = session.messages.length;
    const toolResults = blocks.flatMap((block) =>
      block.type === 'tool_result'
        ? [{ toolCallId: block.tool_use_id, content: block.content, isError: block.is_error }]
        : [],
    );
    result = await resumeAgentLoop({ toolResults }, { ...options, session });
  } else {
    throw new ApiError(
      400,
      'invalid_messages',
      last
        ? 'the last message is the assistant\'s: add the results of its tool calls (role "tool") or a new user message'
        : 'messages is empty',
    );
  }

  if (result.stopReason === 'error') logTurnFailure(services.logger, { userId: user.id }, model.id, result);
  await recordUsage(services.db, turnUsage(user.id, model.id, result)).catch((error) =>
    services.logger.warn({ err: error }, 'could not record usage'),
  );

  const messages = toApiMessages(result.session.messages.slice(start)).map((message) => ({
    ...message,
    ...(message.tool_calls
      ? {
          tool_calls: message.tool_calls.map((call) => ({
            ...call,
            function: { ...call.function, name: original.get(call.function.name) ?? call.function.name },
          })),
        }
      : {}),
    ...(message.name ? { name: original.get(message.name) ?? message.name } : {}),
  }));
  const assistant = messages.filter((message) => message.role === 'assistant').at(-1);
  if (result.stopReason === 'error') {
    return c.json(
      {
        success: false,
        stop_reason: result.stopReason,
        messages,
        error: { code: 'model_error', message: result.error },
      },
      502,
    );
  }
  const waiting = result.stopReason === 'awaiting_client_tool';
  return c.json({
    success: true,
    type: waiting ? 'tool_calls' : 'text',
    stop_reason: result.stopReason,
    ...(waiting ? { tool_calls: assistant?.tool_calls ?? [] } : { content: result.text }),
    message: assistant ?? null,
    messages,
  });
}
