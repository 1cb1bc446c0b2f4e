import type { AgentEvent } from '@switchboard/core';

/** What is known about a turn when it starts. */
export interface TurnInfo {
  conversationId: string;
  runId: string;
  /** `vendor:model`. */
  model: string;
  userId: string;
}

/** Follows one turn's events. */
export interface TurnObservation {
  event(event: AgentEvent): void;
  end(outcome: { stopReason: string; error?: string }): void;
}

/** Watches turns (tracing, metrics). */
export interface TurnObserver {
  startTurn(info: TurnInfo): TurnObservation;
}
