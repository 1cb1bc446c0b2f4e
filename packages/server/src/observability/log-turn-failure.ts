import type { AgentResult } from '@switchboard/core';
import type { Logger } from 'pino';

/**
 * Logs a turn that ended in error at warn, for operators: `context` (which conversation or request),
 * the model, the vendor's error type (`invalid_api_key`, `rate_limit_exceeded`, …) and the error
 * text — which the adapters have already stripped of the API key.
 */
export function logTurnFailure(
  logger: Logger,
  context: Record<string, unknown>,
  model: string,
  result: AgentResult,
): void {
  logger.warn(
    { ...context, stopReason: result.stopReason, model, errorType: result.errorType, error: result.error },
    'turn failed',
  );
}
