import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Queryable } from '../storage/database.ts';
import { requestStop, runningConversationsOf } from '../store/conversation-lease.ts';
import type { TurnRunner } from './turn-runner.ts';

/** What stopping a turn takes: this replica's runner, the database and the bus to the others. */
export interface TurnStopper {
  runner: TurnRunner;
  db: Queryable;
  bus: GatewayBus;
}

/**
 * Stops the turn running in a conversation, on whichever replica runs it: at once when it runs
 * here, else by the stop request its lease renewal reads and a message to the other replicas.
 * Resolves whether a turn was running.
 */
export async function stopTurn({ runner, db, bus }: TurnStopper, conversationId: string): Promise<boolean> {
  const local = runner.active(conversationId);
  if (local) {
    local.stop();
    return true;
  }
  if (!(await requestStop(db, conversationId))) return false;
  await bus.publish(
    CONTROL_CHANNEL,
    JSON.stringify({ type: 'stop', conversationId } satisfies ControlMessage),
  );
  return true;
}

/** Stops every turn running in a user's conversations (a user just disabled), wherever they run. */
export async function stopTurnsOf(stopper: TurnStopper, userId: string): Promise<void> {
  const running = await runningConversationsOf(stopper.db, userId);
  await Promise.all(running.map((conversationId) => stopTurn(stopper, conversationId)));
}
