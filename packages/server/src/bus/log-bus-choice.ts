import type { Logger } from 'pino';
import { redactUrl } from '../observability/redact-url.ts';

/** The bus a gateway chose for its replicas' messages (see {@link GatewayBus}). */
export type BusChoice =
  | { kind: 'redis'; url: string; prefix: string }
  | { kind: 'postgres'; schema: string }
  | { kind: 'memory' };

/**
 * Logs, once at startup, which bus the gateway chose: Redis (its URL without credentials),
 * PostgreSQL LISTEN/NOTIFY (per schema), or in memory (this replica alone: other replicas hear
 * nothing of it and fall back to polling).
 */
export function logBusChoice(logger: Pick<Logger, 'info'>, choice: BusChoice): void {
  switch (choice.kind) {
    case 'redis':
      logger.info(
        { bus: 'redis', redis: redactUrl(choice.url), prefix: choice.prefix },
        'gateway bus: Redis, shared by the replicas using it',
      );
      return;
    case 'postgres':
      logger.info(
        { bus: 'postgres', schema: choice.schema },
        'gateway bus: PostgreSQL LISTEN/NOTIFY, shared by the replicas on this schema',
      );
      return;
    case 'memory':
      logger.info(
        { bus: 'memory' },
        'gateway bus: in memory, this replica alone (no Redis, no PostgreSQL server)',
      );
      return;
  }
}
