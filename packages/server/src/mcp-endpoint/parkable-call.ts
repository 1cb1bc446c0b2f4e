import {
  type CallToolResult,
  type ClientCapabilities,
  type InputRequest,
  type InputRequests,
  inputRequired,
  inputResponse,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { CallServerRequests, ToolProgress } from '@switchboard/core';
import { forwardedElicitation, forwardedSampling } from './asked-by.ts';

type ElicitParams = Parameters<NonNullable<CallServerRequests['elicitation']>>[0];
type ElicitAnswer = Awaited<ReturnType<NonNullable<CallServerRequests['elicitation']>>>;
type SamplingParams = Parameters<NonNullable<CallServerRequests['sampling']>>[0];
type SamplingAnswer = Awaited<ReturnType<NonNullable<CallServerRequests['sampling']>>>;

/** A question of the underlying server waiting for the client's answer. */
type ServerQuestion =
  | {
      kind: 'elicitation';
      request: InputRequest;
      answer: (result: ElicitAnswer) => void;
      fail: (error: Error) => void;
    }
  | {
      kind: 'sampling';
      request: InputRequest;
      answer: (result: SamplingAnswer) => void;
      fail: (error: Error) => void;
    };

/** What one round of a parkable call came to: the server's result, or its questions for the client. */
export type CallRound =
  | { done: true; result: CallToolResult }
  | { done: false; inputRequests: InputRequests };

/** Starts the underlying call with these answerers and signal; resolves with its result, never rejects. */
export type StartCall = (
  relay: { serverRequests: CallServerRequests; onProgress: (progress: ToolProgress) => void },
  signal: AbortSignal,
) => Promise<CallToolResult>;

/**
 * One call to an underlying server made for a 2026-07-28 request, whose own requests to the client
 * (elicitation, sampling) cannot be sent while it runs: that protocol has no server-to-client requests.
 * Each question of the server becomes an embedded input request of an `input_required` answer; the
 * call keeps running (parked) until the client retries with the answers, which go to the server, and
 * the next round waits for the call's result or its next questions. Progress and log messages go to
 * the round in flight (its response stream); between rounds there is no one to tell.
 */
export class ParkableCall {
  /** The user the call runs for: only their retries may continue it. */
  readonly userId: string;
  /** The digest of the tool and arguments (see `callDigest`): only a retry of the same call continues it. */
  readonly call: string;
  readonly #client: ClientCapabilities;
  /** The underlying server's registered name, which every question it asks carries. */
  readonly #server: string;
  readonly #controller = new AbortController();
  readonly #questions = new Map<string, ServerQuestion>();
  readonly #outcome: Promise<CallToolResult>;
  #result: CallToolResult | undefined;
  #round: ServerContext | undefined;
  #wake: (() => void) | undefined;
  #asked = 0;

  constructor(userId: string, call: string, client: ClientCapabilities, server: string, start: StartCall) {
    this.userId = userId;
    this.call = call;
    this.#client = client;
    this.#server = server;
    this.#outcome = start(
      { serverRequests: this.#serverRequests(), onProgress: (progress) => this.#progress(progress) },
      this.#controller.signal,
    ).then((result) => {
      this.#result = result;
      this.#wake?.();
      return result;
    });
  }

  /**
   * Plays one round for the request in `ctx`: hands the answers it carries to the questions they
   * answer, then waits for the result or for questions still unanswered (asked again). The client
   * cancelling the round cancels the call.
   */
  async round(ctx: ServerContext): Promise<CallRound> {
    this.#round = ctx;
    this.#answer(ctx.mcpReq.inputResponses);
    const cancel = () => this.abort('the client cancelled the request');
    ctx.mcpReq.signal.addEventListener('abort', cancel, { once: true });
    if (ctx.mcpReq.signal.aborted) cancel();
    try {
      while (this.#result === undefined && this.#questions.size === 0) {
        await new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        this.#wake = undefined;
      }
      if (this.#result !== undefined) return { done: true, result: this.#result };
      return {
        done: false,
        inputRequests: Object.fromEntries(
          [...this.#questions].map(([key, question]) => [key, question.request]),
        ),
      };
    } finally {
      ctx.mcpReq.signal.removeEventListener('abort', cancel);
      this.#round = undefined;
    }
  }

  /** Stops the call: its open questions fail and the server's call is cancelled. */
  abort(reason: string): void {
    for (const question of this.#questions.values()) question.fail(new Error(reason));
    this.#questions.clear();
    this.#controller.abort(new Error(reason));
  }

  /** Resolves with the call's result once it has one (after an abort: the error result). */
  get outcome(): Promise<CallToolResult> {
    return this.#outcome;
  }

  #serverRequests(): CallServerRequests {
    return {
      onLog: (message, server) => {
        void this.#round?.mcpReq
          .log(message.level, message.data, message.logger ?? server)
          .catch(() => undefined);
      },
      elicitation: (params, { signal }) =>
        new Promise<ElicitAnswer>((answer, fail) => {
          const request = elicitationRequest(forwardedElicitation(this.#server, params), this.#client);
          this.#ask({ kind: 'elicitation', request, answer, fail }, signal);
        }),
      sampling: (params, { signal }) =>
        new Promise<SamplingAnswer>((answer, fail) => {
          this.#ask(
            {
              kind: 'sampling',
              request: samplingRequest(forwardedSampling(this.#server, params), this.#client),
              answer,
              fail,
            },
            signal,
          );
        }),
    };
  }

  /** Queues the server's question for the next round; the server withdrawing it takes it off. */
  #ask(question: ServerQuestion, withdrawn: AbortSignal): void {
    if (this.#controller.signal.aborted) throw new Error('the call was stopped');
    this.#asked += 1;
    const key = `server_${this.#asked}`;
    this.#questions.set(key, question);
    withdrawn.addEventListener(
      'abort',
      () => {
        if (this.#questions.delete(key)) question.fail(new Error('the server withdrew its question'));
      },
      { once: true },
    );
    this.#wake?.();
  }

  #answer(responses: Record<string, unknown> | undefined): void {
    for (const [key, question] of this.#questions) {
      const response = inputResponse(responses, key);
      if (question.kind === 'elicitation' && response.kind === 'elicit') {
        const { action, content } = response;
        question.answer({ action, ...(content ? { content: content as ElicitAnswer['content'] } : {}) });
      } else if (question.kind === 'sampling' && response.kind === 'sampling') {
        question.answer(response.result as SamplingAnswer);
      } else continue;
      this.#questions.delete(key);
    }
  }

  #progress(progress: ToolProgress): void {
    const round = this.#round;
    const token = round?.mcpReq._meta?.progressToken;
    if (!round || token === undefined) return;
    void round.mcpReq
      .notify({ method: 'notifications/progress', params: { progressToken: token, ...progress } })
      .catch(() => undefined);
  }
}

/**
 * The server's elicitation as an embedded request; throws (refusing the server's request) when the
 * client does not declare the mode it needs. URL mode drops the 2025 `elicitationId`, which the
 * 2026-07-28 shape has no place for.
 */
function elicitationRequest(params: ElicitParams, client: ClientCapabilities): InputRequest {
  const refused = elicitationRefusal(params, client);
  if (refused) throw new Error(refused);
  const { message, _meta } = params;
  if (params.mode === 'url') return inputRequired.elicitUrl({ message, url: params.url, _meta });
  return inputRequired.elicit({ message, requestedSchema: params.requestedSchema, _meta });
}

/** Why the client cannot take a server's form or link (it declares no such mode); undefined when it can. */
export function elicitationRefusal(params: ElicitParams, client: ClientCapabilities): string | undefined {
  if (params.mode === 'url') return client.elicitation?.url ? undefined : refusal('URL-mode elicitation');
  return declaresForms(client) ? undefined : refusal('form-mode elicitation');
}

/** Whether the client can show a form: it declares form-mode elicitation, or elicitation naming no mode. */
export function declaresForms(client: ClientCapabilities): boolean {
  const declared = client.elicitation;
  return declared !== undefined && (declared.form !== undefined || declared.url === undefined);
}

/** The server's sampling request as an embedded request; throws when the client cannot answer it. */
function samplingRequest(params: SamplingParams, client: ClientCapabilities): InputRequest {
  if (!client.sampling) throw new Error(refusal('sampling'));
  const withTools = 'tools' in params || 'toolChoice' in params;
  if (withTools && !client.sampling.tools) throw new Error(refusal('sampling with tools'));
  const { task: _task, ...request } = params as SamplingParams & { task?: unknown };
  return inputRequired.createMessage(request as Parameters<typeof inputRequired.createMessage>[0]);
}

function refusal(capability: string): string {
  return `the server asked for ${capability}, and this MCP client declares no ${capability}, so the question cannot reach the user`;
}
