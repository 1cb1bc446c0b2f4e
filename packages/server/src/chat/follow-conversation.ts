import { eventsChannel, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import { readRunState, recoverInterruptedTurn } from '../store/conversation-lease.ts';
import type { SequencedEvent } from '../store/stream-event.ts';
import { readStreamEvents } from '../store/stream-event-store.ts';
import type { TurnRunner } from './turn-runner.ts';
import { WakeSignal } from './wake-signal.ts';

/** What following a conversation's stream needs. */
export interface FollowDeps {
  db: Database;
  bus: GatewayBus;
  runner: TurnRunner;
  /** How often to look for new events of a turn running on another replica without a notice (ms). */
  pollMs: number;
}

const PAGE = 500;

/**
 * A conversation's event stream from `afterSeq` on, on any replica: stored events first, then a turn
 * running here live, or one running on another replica as its events are stored (woken by the bus,
 * polling as a fallback). Ends once it has caught up and no turn is running. A turn whose gateway
 * died is closed with its RUN_ERROR when its lease has expired.
 */
export async function* followConversation(
  deps: FollowDeps,
  conversationId: string,
  afterSeq: number,
  signal: AbortSignal,
): AsyncGenerator<SequencedEvent> {
  const wake = new WakeSignal();
  const onAbort = () => wake.notify();
  signal.addEventListener('abort', onAbort);
  const unsubscribe = await deps.bus.subscribe(eventsChannel(conversationId), () => wake.notify());
  let last = afterSeq;
  try {
    while (!signal.aborted) {
      const local = deps.runner.active(conversationId);
      if (local && last >= local.live.firstSeq - 1) {
        const queue: SequencedEvent[] = [];
        let ended = false;
        const stop = local.live.subscribe(
          last,
          (event) => {
            queue.push(event);
            wake.notify();
          },
          () => {
            ended = true;
            wake.notify();
          },
        );
        try {
          while (!signal.aborted) {
            for (let event = queue.shift(); event; event = queue.shift()) {
              if (event.seq <= last) continue;
              last = event.seq;
              yield event;
            }
            if (ended) break;
            await wake.wait(deps.pollMs);
          }
        } finally {
          stop();
        }
        continue;
      }
      const events = await readStreamEvents(deps.db, conversationId, last, PAGE);
      for (const event of events) {
        last = event.seq;
        yield event;
      }
      if (events.length === PAGE || deps.runner.active(conversationId)) continue;
      const state = await readRunState(deps.db, conversationId);
      if (!state) return;
      if (state.status !== 'running') {
        for (const event of await readStreamEvents(
          deps.db,
          conversationId,
          last,
          Math.max(0, state.event_seq - last),
        )) {
          last = event.seq;
          yield event;
        }
        return;
      }
      if (state.expired && (await recoverInterruptedTurn(deps.db, conversationId))) continue;
      await wake.wait(deps.pollMs);
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    await unsubscribe();
  }
}
