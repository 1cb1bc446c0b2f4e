import type { Context } from 'hono';
import { followConversation } from '../chat/follow-conversation.ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import { recoverInterruptedTurn } from '../store/conversation-lease.ts';
import { readRunOutcome } from '../store/run-outcome.ts';
import type { SequencedEvent } from '../store/stream-event.ts';
import { runStart } from '../store/stream-event-store.ts';
import { idempotencyKeyInFlight, jsonAnswer, type StoredAnswer } from './idempotency-key.ts';
import { storedTurnAnswer, withTurnUsage } from './turn-answer.ts';
import { wantsStream, writeSse } from './write-sse.ts';

/**
 * The answer to a retried chat whose first answer was never kept: found from what its run stored
 * (its stream when the retry asks for one), `running` while it runs (a run whose gateway died is
 * closed first, once its lease has expired), `absent` when it never started.
 */
export async function recoverTurnAnswer(
  services: GatewayServices,
  userId: string,
  conversationId: string,
  runId: string,
  stream: boolean,
): Promise<StoredAnswer | 'running' | 'absent'> {
  let stored = await readRunOutcome(services.db, conversationId, runId);
  if (stored.state === 'running' && (await recoverInterruptedTurn(services.db, conversationId)))
    stored = await readRunOutcome(services.db, conversationId, runId);
  if (stored.state !== 'ended') return stored.state;
  if (stream) return { kind: 'stream', conversationId, runId };
  return withTurnUsage(services, userId, conversationId, storedTurnAnswer(conversationId, runId, stored));
}

/**
 * A kept chat answer sent again: the JSON as it was, or the run's stream from its first event to its
 * end. A first request that streamed, retried asking for JSON, gets the run's outcome as JSON once it
 * has ended (409 `idempotency_key_in_flight` until then).
 */
export async function replayTurnAnswer(
  c: Context<GatewayEnv>,
  services: GatewayServices,
  answer: StoredAnswer,
): Promise<Response> {
  if (answer.kind === 'json') return jsonAnswer(c, answer);
  if (!wantsStream(c)) {
    const found = await recoverTurnAnswer(
      services,
      c.get('user').id,
      answer.conversationId,
      answer.runId,
      false,
    );
    if (typeof found === 'string' || found.kind !== 'json') throw idempotencyKeyInFlight();
    return jsonAnswer(c, found);
  }
  const first = await runStart(services.db, answer.conversationId, answer.runId);
  c.header('X-Run-Id', answer.runId);
  return writeSse(c, (signal) =>
    untilRunEnds(followConversation(services, answer.conversationId, first - 1, signal)),
  );
}

/** A stream up to the end of the run it starts with (RUN_FINISHED or RUN_ERROR). */
async function* untilRunEnds(events: AsyncIterable<SequencedEvent>): AsyncGenerator<SequencedEvent> {
  for await (const event of events) {
    yield event;
    if (event.event.type === 'RUN_FINISHED' || event.event.type === 'RUN_ERROR') return;
  }
}
