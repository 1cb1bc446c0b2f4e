/**
 * The thread that owns the embedded database: it opens PGlite and runs the statements the
 * gateway's thread sends it (see {@link PgliteRequestQueue} for their order), so PostgreSQL's work
 * runs beside the gateway's instead of in between.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { checkpointWhenDue, maintainOneTable } from './pglite-maintenance.ts';
import type {
  PgliteReady,
  PgliteReply,
  PgliteRequest,
  PgliteStatement,
  PgliteWorkerData,
} from './pglite-protocol.ts';
import { MAINTENANCE_REQUEST, toPgliteError } from './pglite-protocol.ts';
import { PgliteRequestQueue } from './pglite-request-queue.ts';
import { PgliteSession } from './pglite-session.ts';

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir } = workerData as PgliteWorkerData;

/** Every this many statements the thread checks whether a table needs vacuuming or analyzing. */
const MAINTENANCE_EVERY = 500;

try {
  const db = await PGlite.create(dataDir ?? 'memory://');
  const session = new PgliteSession(db);
  let untilMaintenance = MAINTENANCE_EVERY;
  let maintenanceQueued = false;
  /** Counts the statements run, queueing an upkeep pass once enough have. */
  const ran = (count: number) => {
    untilMaintenance -= count;
    if (untilMaintenance > 0 || maintenanceQueued) return;
    untilMaintenance = MAINTENANCE_EVERY;
    maintenanceQueued = true;
    queue.pushBackground({ id: MAINTENANCE_REQUEST, op: 'maintain' });
  };
  // Writes reach the data directory after every statement outside a transaction and at a
  // transaction's end (a no-op for PGlite's Node filesystem; kept for the others).
  const one = async (request: PgliteRequest): Promise<PgliteReply & { ok: true }> => {
    switch (request.op) {
      case 'run': {
        const result = await session.run(request.sql, request.params);
        if (request.tx === undefined) await db.syncToFs();
        ran(1);
        return { id: request.id, ok: true, result };
      }
      case 'maintain':
        try {
          await maintainOneTable((sql) => session.run(sql));
          await checkpointWhenDue((sql) => session.run(sql));
        } finally {
          maintenanceQueued = false;
        }
        return { id: request.id, ok: true };
      case 'begin':
        await session.run('BEGIN');
        return { id: request.id, ok: true };
      case 'commit':
      case 'rollback':
        try {
          if (request.op === 'commit') await session.commit();
          else await session.run('ROLLBACK');
        } finally {
          await db.syncToFs();
        }
        return { id: request.id, ok: true };
      case 'close':
        await db.close();
        return { id: request.id, ok: true };
    }
  };
  const together = async (group: PgliteStatement[]) => {
    try {
      const results = await session.runInOneTransaction(group);
      ran(group.length);
      return group.map((statement, index) => ({
        id: statement.id,
        ok: true as const,
        result: results[index],
      }));
    } finally {
      await db.syncToFs();
    }
  };
  const queue = new PgliteRequestQueue({ one, together }, (reply) => {
    if (reply.id !== MAINTENANCE_REQUEST) port.postMessage(reply);
  });
  port.on('message', (request: PgliteRequest) => queue.push(request));
  port.postMessage({ ready: true } satisfies PgliteReady);
} catch (error) {
  port.postMessage({ ready: false, error: toPgliteError(error) } satisfies PgliteReady);
}
