import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import type { Queryable } from '../storage/database.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  type IdempotencyRecord,
  type IdempotencyRequest,
  releaseIdempotencyKey,
  retakeIdempotencyKey,
} from '../store/idempotency-store.ts';
import { ApiError } from './api-error.ts';
import { toApiError } from './to-api-error.ts';

/** The longest `Idempotency-Key` accepted. */
const MAX_KEY_LENGTH = 255;
/** How long a claim whose request stored nothing yet counts as still starting (ms). */
const CLAIM_MS = 60_000;
/** Expired keys are swept at most this often per gateway (ms), a bounded batch at a time. */
const SWEEP_EVERY_MS = 60_000;
const lastSweeps = new WeakMap<GatewayServices, number>();

/** What a request sent with an `Idempotency-Key` stored, kept so that a retry gets it back. */
export type StoredAnswer =
  | { kind: 'json'; status: number; body: unknown }
  /** A stream: a retry follows the same run's stream again. */
  | { kind: 'stream'; conversationId: string; runId: string };

/** What an idempotent route tells {@link idempotently}. */
export interface IdempotentRoute {
  /** The parsed body (with the method and path, what a key's reuse must match). */
  body: unknown;
  /** The conversation the request acts on. */
  conversationId?: string;
  /** The run the request will start, named before it starts, so a retry finds it. */
  runId?: string;
  /**
   * The answer to a retry whose first request's answer was never stored (its process died, or the
   * database did not take it): found from the run's stored outcome, or `running`, or `absent` when
   * the run never started.
   */
  recover?: (conversationId: string, runId: string) => Promise<StoredAnswer | 'running' | 'absent'>;
  /** How a stored answer is sent back (JSON as stored; a stream by the route). */
  replay: (answer: StoredAnswer) => Response | Promise<Response>;
  /**
   * Runs the request. `keep(answer)` keeps its outcome: a route that stores something in a
   * transaction of its own keeps it there, a stream keeps it at its start; a JSON answer returned
   * unkept is kept when returned. `keep` is undefined without a key.
   */
  handle: (keep: KeepAnswer | undefined) => Promise<Response>;
}

/** Stores a request's answer under its key (inside the caller's transaction when `tx` is given). */
export type KeepAnswer = (answer: StoredAnswer, tx?: Queryable) => Promise<void>;

/**
 * Runs a request under its `Idempotency-Key` (IETF httpapi draft): the first request with a key runs
 * and its outcome is kept, per user, for `limits.idempotencyKeyTtlMs`, in the database (so on every
 * replica); a retry with the same key and the same request gets that outcome back (header
 * `Idempotent-Replayed: true`), or 409 `idempotency_key_in_flight` (with `Retry-After`) while the
 * first still runs; the same key with another request is 422 `idempotency_key_reused`. A request that
 * was refused before it changed anything (e.g. 409 `conversation_busy`, 429) frees its key. Without
 * the header the request just runs.
 */
export async function idempotently(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  route: IdempotentRoute,
): Promise<Response> {
  const key = readKey(c);
  if (key === undefined) return route.handle(undefined);
  const { db } = services;
  const userId = c.get('user').id;
  sweepExpired(services);
  const request: IdempotencyRequest = {
    userId,
    key,
    requestHash: createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${JSON.stringify(route.body)}`)
      .digest('base64url'),
    ...(route.conversationId ? { conversationId: route.conversationId } : {}),
    ...(route.runId ? { runId: route.runId } : {}),
    ttlMs: services.limits.idempotencyKeyTtlMs,
    claimMs: CLAIM_MS,
  };
  const held = await claimIdempotencyKey(db, request);
  if (held) {
    const answer = await heldAnswer(db, held, request, route);
    if (answer === 'retaken') return run(services, request, route);
    if (answer === 'in_flight') throw idempotencyKeyInFlight();
    if (held.state === 'in_flight')
      await completeIdempotencyKey(db, request, serialize(answer)).catch(() => undefined);
    c.header('Idempotent-Replayed', 'true');
    return route.replay(answer);
  }
  return run(services, request, route);
}

/** The request runs; its answer is kept, or its key freed when it was refused before changing anything. */
async function run(
  services: GatewayServices,
  request: IdempotencyRequest,
  route: IdempotentRoute,
): Promise<Response> {
  const { db, logger } = services;
  let kept = false;
  const keep: KeepAnswer = async (answer, tx) => {
    await completeIdempotencyKey(tx ?? db, request, serialize(answer));
    kept = true;
  };
  let response: Response;
  try {
    response = await route.handle(keep);
  } catch (error) {
    const answer = toApiError(error);
    const stored = answer instanceof ApiError && answer.details?.user_message !== undefined;
    if (stored) {
      await keep({
        kind: 'json',
        status: answer.status,
        body: { success: false, error: { code: answer.code, message: answer.message, ...answer.details } },
      }).catch((cause: unknown) => logger.warn({ err: cause }, 'could not keep an idempotent answer'));
    } else {
      await releaseIdempotencyKey(db, request).catch((cause: unknown) =>
        logger.warn({ err: cause }, 'could not free an idempotency key'),
      );
    }
    throw error;
  }
  if (!kept && response.headers.get('content-type')?.includes('application/json')) {
    const body = (await response.clone().json()) as unknown;
    await keep({ kind: 'json', status: response.status, body }).catch((cause: unknown) =>
      logger.warn({ err: cause }, 'could not keep an idempotent answer; a retry finds it from storage'),
    );
  }
  return response;
}

/** What a retry gets when another request holds its key. */
async function heldAnswer(
  db: Queryable,
  held: IdempotencyRecord,
  request: IdempotencyRequest,
  route: IdempotentRoute,
): Promise<StoredAnswer | 'in_flight' | 'retaken'> {
  if (held.request_hash !== request.requestHash)
    throw new ApiError(
      422,
      'idempotency_key_reused',
      'this Idempotency-Key was sent with a different request; send a new key with each new request',
    );
  if (held.state === 'done' && held.response !== null) return JSON.parse(held.response) as StoredAnswer;
  if (held.conversation_id && held.run_id && route.recover) {
    const found = await route.recover(held.conversation_id, held.run_id);
    if (found === 'running') return 'in_flight';
    if (found !== 'absent') return found;
  }
  if (!held.stale) return 'in_flight';
  return (await retakeIdempotencyKey(db, request, held.run_id)) ? 'retaken' : 'in_flight';
}

function serialize(answer: StoredAnswer): { status: number; body: string } {
  return { status: answer.kind === 'json' ? answer.status : 200, body: JSON.stringify(answer) };
}

/** A stored JSON answer as a response. */
export function jsonAnswer(c: Context, answer: Extract<StoredAnswer, { kind: 'json' }>): Response {
  return c.json(answer.body as object, answer.status as ContentfulStatusCode);
}

/** The header's key: an sf-string (quoted) or bare, of visible ASCII, at most 255 characters. */
function readKey(c: Context): string | undefined {
  const raw = c.req.header('idempotency-key');
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  const key =
    trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  const visible = [...key].every((char) => char >= '!' && char <= '~');
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !visible)
    throw new ApiError(
      400,
      'invalid_idempotency_key',
      `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters (a UUID is a good key)`,
    );
  return key;
}

function sweepExpired(services: GatewayServices): void {
  const now = Date.now();
  if (now - (lastSweeps.get(services) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweeps.set(services, now);
  void deleteExpiredIdempotencyKeys(services.db, 1_000).catch((error: unknown) =>
    services.logger.warn({ err: error }, 'could not delete expired idempotency keys'),
  );
}

/** The 409 for a retry whose first request is still running. */
export function idempotencyKeyInFlight(): ApiError {
  return new ApiError(
    409,
    'idempotency_key_in_flight',
    'a request with this Idempotency-Key is still running; retry later with the same key to get its outcome',
    { headers: { 'Retry-After': '1' } },
  );
}
