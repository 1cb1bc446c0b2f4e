import type { ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import { randomId } from '../shared/random-id.ts';
import type { AgentEvent } from '../types/events.ts';
import type { JsonSchema } from '../types/layers.ts';
import type { ServerRequestContext } from '../types/server-requests.ts';
import { SchemaValidator } from '../validation/schema-validator.ts';
import { PendingAnswers, type WaitOutcome } from './pending-answers.ts';

/** How long a person has to answer before the request is declined: 10 minutes. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 600_000;

/** The `elicitation_request` event's value: what the app shows (a form from the schema, or a link). */
export interface ElicitationRequest {
  requestId: string;
  server: string;
  mode: 'form' | 'url';
  message: string;
  /** Form mode: the flat object schema of the fields to ask for. */
  requestedSchema?: JsonSchema;
  /** URL mode: the page the person opens (untrusted: check it before offering it). */
  url?: string;
  /** Epoch ms after which the request is declined. */
  expiresAt: number;
  /**
   * Set when the host itself asks (its approval policy asks about this call of `server`'s tool), not
   * the server: show it as the host's approval; accepting with `{ approve: true }` runs the call.
   */
  approval?: ApprovalQuestion;
}

/** The call an approval question is about. */
export interface ApprovalQuestion {
  /** The tool's real name on `server`. */
  tool: string;
  arguments: Record<string, unknown>;
}

/** The `elicitation_resolved` event's value. */
export interface ElicitationResolution {
  requestId: string;
  action: ElicitResult['action'];
  /** `person` answered, or it `timed_out` (declined), or the server or the turn `cancelled` it. */
  by: 'person' | 'timed_out' | 'cancelled';
}

/** What {@link ElicitationBroker.answer} says about an answer. */
export type ElicitationAnswerOutcome =
  | { ok: true }
  | { ok: false; code: 'unknown_request' | 'invalid_answer'; message: string };

/** Options of an {@link ElicitationBroker}. */
export interface ElicitationBrokerOptions {
  /** Where the request and resolution events go (the turn's stream). */
  emit: (event: AgentEvent) => void;
  /** Default {@link DEFAULT_ELICITATION_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * Brings a server's `elicitation/create` to the person and their answer back: each request
 * becomes an `elicitation_request` event and waits until {@link answer} is called with its
 * id, the time runs out (declined), or the server or the turn gives up (cancelled); an
 * `elicitation_resolved` event follows. Accepted form content is checked against the
 * requested schema first, so a server never receives what it did not ask for.
 */
export class ElicitationBroker {
  readonly #options: ElicitationBrokerOptions;
  readonly #pending = new PendingAnswers<ElicitationRequest, ElicitResult>();
  readonly #validator = new SchemaValidator();

  constructor(options: ElicitationBrokerOptions) {
    this.#options = options;
  }

  /** The requests waiting for the person. */
  get pending(): ElicitationRequest[] {
    return this.#pending.requests;
  }

  /** The connection handler (`handlers.elicitation`). */
  readonly handle = async (
    params: ElicitRequestParams,
    context: ServerRequestContext,
  ): Promise<ElicitResult> => {
    const request: Omit<ElicitationRequest, 'requestId' | 'expiresAt'> = {
      server: context.server,
      mode: params.mode === 'url' ? 'url' : 'form',
      message: params.message,
    };
    if (params.mode === 'url') request.url = params.url;
    else request.requestedSchema = params.requestedSchema as JsonSchema;
    return this.#ask(request, context.signal);
  };

  /**
   * Asks the person, as the host (not a server), whether `server`'s `call` may run: an
   * `elicitation_request` carrying {@link ElicitationRequest.approval}. True only when they approve;
   * a decline, a cancel, the time running out or `signal` aborting (the call went away) leave it unrun.
   */
  async approve(server: string, call: ApprovalQuestion, signal: AbortSignal): Promise<boolean> {
    const result = await this.#ask(
      {
        server,
        mode: 'form',
        message: `Allow ${server}:${call.tool} to run with ${summarizeArguments(call.arguments)}?`,
        requestedSchema: APPROVAL_SCHEMA,
        approval: call,
      },
      signal,
    );
    return result.action === 'accept' && result.content?.approve === true;
  }

  async #ask(
    asked: Omit<ElicitationRequest, 'requestId' | 'expiresAt'>,
    signal: AbortSignal,
  ): Promise<ElicitResult> {
    const timeoutMs = this.#options.timeoutMs ?? DEFAULT_ELICITATION_TIMEOUT_MS;
    const request: ElicitationRequest = {
      requestId: randomId(),
      ...asked,
      expiresAt: Date.now() + timeoutMs,
    };
    const resultOf = (outcome: WaitOutcome<ElicitResult>): ElicitResult =>
      outcome.by === 'person'
        ? outcome.answer
        : { action: outcome.by === 'timed_out' ? 'decline' : 'cancel' };
    const waiting = this.#pending.wait(request.requestId, request, timeoutMs, signal, (outcome) =>
      this.#emit('elicitation_resolved', {
        requestId: request.requestId,
        action: resultOf(outcome).action,
        by: outcome.by,
      }),
    );
    this.#emit('elicitation_request', request);
    return resultOf(await waiting);
  }

  /** Answers a pending request with the person's choice. */
  answer(requestId: string, result: ElicitResult): ElicitationAnswerOutcome {
    const request = this.#pending.get(requestId);
    if (!request) {
      return {
        ok: false,
        code: 'unknown_request',
        message: `no elicitation "${requestId}" is waiting (it was answered, timed out or cancelled)`,
      };
    }
    const problem = this.#check(request, result);
    if (problem) return { ok: false, code: 'invalid_answer', message: problem };
    const accepted = result.action === 'accept' && request.mode === 'form';
    this.#pending.answer(
      requestId,
      accepted ? { action: 'accept', content: result.content } : { action: result.action },
    );
    return { ok: true };
  }

  /** Cancels every pending request (the turn ended). */
  cancelAll(): void {
    this.#pending.cancelAll();
  }

  #check(request: ElicitationRequest, result: ElicitResult): string | undefined {
    if (!['accept', 'decline', 'cancel'].includes(result.action))
      return `the action must be accept, decline or cancel, not ${JSON.stringify(result.action)}`;
    if (result.action !== 'accept' || request.mode !== 'form' || !request.requestedSchema) return undefined;
    const content = withDefaults(request.requestedSchema, result.content ?? {});
    const outcome = this.#validator.validate(request.requestedSchema, content);
    if (outcome.valid) return undefined;
    return `the answer does not match the form: ${outcome.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`;
  }

  #emit(name: 'elicitation_request' | 'elicitation_resolved', value: unknown): void {
    this.#options.emit({ type: 'CUSTOM', name, value, timestamp: Date.now() });
  }
}

/** The content with the schema's defaults for the fields left out (what the server will receive, SEP-1034). */
function withDefaults(schema: JsonSchema, content: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { default?: unknown }>;
  const filled = { ...content };
  for (const [name, property] of Object.entries(properties)) {
    if (filled[name] === undefined && property.default !== undefined) filled[name] = property.default;
  }
  return filled;
}

/** The form of an approval question: one yes/no field, `approve`. */
const APPROVAL_SCHEMA: JsonSchema = {
  type: 'object',
  properties: { approve: { type: 'boolean', title: 'Run this call', default: false } },
  required: ['approve'],
};

/** A call's arguments as an approval question shows them: JSON, at most 300 characters. */
function summarizeArguments(args: Record<string, unknown>): string {
  const text = JSON.stringify(args);
  return text.length <= 300 ? text : `${text.slice(0, 299)}…`;
}
