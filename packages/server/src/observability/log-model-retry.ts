import type { AgentEvent } from '@switchboard/core';
import type { Logger } from 'pino';

/**
 * Logs a model call the adapter retries (its `model_retry` event) at info, for operators: `context`
 * (which conversation or request), the model, why (`rate_limit`, `overloaded`, `server_error`,
 * `timeout`, `connection`), the vendor's error type when it sent one, which retry and the wait before
 * it. Other events are ignored.
 */
export function logModelRetry(
  logger: Logger,
  context: Record<string, unknown>,
  model: string,
  event: AgentEvent,
): void {
  if (event.type !== 'CUSTOM' || event.name !== 'model_retry') return;
  const { attempt, waitMs, reason, vendorType } = event.value as {
    attempt?: number;
    waitMs?: number;
    reason?: string;
    vendorType?: string;
  };
  logger.info({ ...context, model, reason, vendorType, attempt, waitMs }, 'model call retried');
}
