import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  SamplingMessage,
} from '@modelcontextprotocol/client';
import { randomId } from '../shared/random-id.ts';
import type { AgentEvent } from '../types/events.ts';
import type { ChatMessage } from '../types/messages.ts';
import type { LanguageModel, ModelFinishReason } from '../types/model.ts';
import type { ServerRequestContext } from '../types/server-requests.ts';
import { PendingAnswers, type WaitOutcome } from './pending-answers.ts';

/** The most tokens a server may have generated for it per request, whatever it asks: 1,024. */
export const DEFAULT_SAMPLING_MAX_TOKENS = 1_024;
/** How long a person has to approve a sampling request before it is refused: 5 minutes. */
export const DEFAULT_SAMPLING_TIMEOUT_MS = 300_000;

/** The `sampling_request` event's value: what the server wants the model to answer. */
export interface SamplingRequest {
  requestId: string;
  server: string;
  systemPrompt?: string;
  /** The conversation the server sends, as text (other content is named, not shown). */
  messages: { role: 'user' | 'assistant'; text: string }[];
  /** The tokens allowed: the server's ask, capped by the broker's limit. */
  maxTokens: number;
  /** True when the person must approve before the model runs. */
  needsApproval: boolean;
  /** Epoch ms after which an unapproved request is refused. */
  expiresAt: number;
}

/** The `sampling_resolved` event's value: the answer (or why there is none). */
export interface SamplingResolution {
  requestId: string;
  outcome: 'answered' | 'refused' | 'timed_out' | 'cancelled' | 'failed';
  text?: string;
  model?: string;
  error?: string;
}

/** Options of a {@link SamplingBroker}. */
export interface SamplingBrokerOptions {
  /** The conversation's model: it answers the servers' requests. */
  model: LanguageModel;
  /** Where the request and resolution events go (the turn's stream, the agent console). */
  emit: (event: AgentEvent) => void;
  /** `ask` (default): the person approves each request first; `allow`: answered at once. */
  approval?: 'ask' | 'allow';
  /** Default {@link DEFAULT_SAMPLING_MAX_TOKENS}. */
  maxTokens?: number;
  /** Default {@link DEFAULT_SAMPLING_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Answers a server's `sampling/createMessage` with the conversation's model, after the
 * person approved it (by default): the request shows as a `sampling_request` event, the
 * answer or refusal as `sampling_resolved`. A planner that is not a language model (the
 * offline planner) refuses with a message saying so.
 */
export class SamplingBroker {
  readonly #options: SamplingBrokerOptions;
  readonly #pending = new PendingAnswers<SamplingRequest, boolean>();

  constructor(options: SamplingBrokerOptions) {
    this.#options = options;
  }

  /** The requests waiting for the person's approval. */
  get pending(): SamplingRequest[] {
    return this.#pending.requests;
  }

  /** The connection handler (`handlers.sampling`). */
  readonly handle = async (
    params: CreateMessageRequestParams,
    context: ServerRequestContext,
  ): Promise<CreateMessageResult> => {
    const { model } = this.#options;
    if (model.kind === 'planner') {
      throw new Error(
        `the MCP server "${context.server}" asked for a completion (sampling), but this conversation uses ${model.id}, which is not a language model; configure a model to allow sampling`,
      );
    }
    const timeoutMs = this.#options.timeoutMs ?? DEFAULT_SAMPLING_TIMEOUT_MS;
    const request: SamplingRequest = {
      requestId: randomId(),
      server: context.server,
      systemPrompt: params.systemPrompt,
      messages: params.messages.map((message) => ({ role: message.role, text: textOf(message) })),
      maxTokens: Math.min(params.maxTokens, this.#options.maxTokens ?? DEFAULT_SAMPLING_MAX_TOKENS),
      needsApproval: this.#options.approval !== 'allow',
      expiresAt: Date.now() + timeoutMs,
    };
    const refusal = (decided: WaitOutcome<boolean>) =>
      decided.by === 'person' ? (decided.answer ? undefined : 'refused') : decided.by;
    const approval = request.needsApproval
      ? this.#pending.wait(request.requestId, request, timeoutMs, context.signal, (decided) => {
          const outcome = refusal(decided);
          if (outcome) this.#emit('sampling_resolved', { requestId: request.requestId, outcome });
        })
      : Promise.resolve({ by: 'person', answer: true } as const);
    this.#emit('sampling_request', request);
    const outcome = refusal(await approval);
    if (outcome) {
      throw new Error(
        `the person ${outcome === 'refused' ? 'refused' : 'did not approve'} the sampling request`,
      );
    }
    try {
      const answer = await complete(model, request, context.signal);
      this.#emit('sampling_resolved', {
        requestId: request.requestId,
        outcome: 'answered',
        text: answer.text,
        model: model.id,
      });
      return {
        role: 'assistant',
        model: model.id,
        content: { type: 'text', text: answer.text },
        stopReason: answer.finish === 'max_tokens' ? 'maxTokens' : 'endTurn',
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.#emit('sampling_resolved', { requestId: request.requestId, outcome: 'failed', error: message });
      throw error;
    }
  };

  /** The person's decision on a pending request; false when nothing waits under that id. */
  answer(requestId: string, approved: boolean): boolean {
    return this.#pending.answer(requestId, approved);
  }

  /** Refuses every pending request (the turn ended). */
  cancelAll(): void {
    this.#pending.cancelAll();
  }

  #emit(name: 'sampling_request' | 'sampling_resolved', value: SamplingRequest | SamplingResolution): void {
    this.#options.emit({ type: 'CUSTOM', name, value, timestamp: Date.now() });
  }
}

async function complete(
  model: LanguageModel,
  request: SamplingRequest,
  signal: AbortSignal,
): Promise<{ text: string; finish: ModelFinishReason }> {
  const messages: ChatMessage[] = request.messages.map((message) => ({
    role: message.role,
    content: message.text,
  }));
  let text = '';
  let finish: ModelFinishReason = 'end_turn';
  for await (const event of model.stream({
    system: request.systemPrompt ?? '',
    messages,
    tools: [],
    signal,
    maxTokens: request.maxTokens,
  })) {
    if (event.type === 'text_delta') text += event.text;
    // The adapter asks again: what the broken attempt wrote is void.
    else if (event.type === 'retry') text = '';
    else if (event.type === 'finish') {
      finish = event.reason;
      if (event.reason === 'error') throw new Error(`the model failed: ${event.error ?? 'no reason given'}`);
    }
  }
  return { text, finish };
}

/** A sampling message as text; content the model adapters do not take here is named instead. */
function textOf(message: SamplingMessage): string {
  const blocks = Array.isArray(message.content) ? message.content : [message.content];
  return blocks
    .map((block) => (block.type === 'text' ? block.text : `[${block.type} content omitted]`))
    .join('\n');
}
