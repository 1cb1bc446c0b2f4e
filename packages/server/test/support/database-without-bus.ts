import { type Database, type DatabaseOptions, openDatabase } from '../../src/index.ts';

/**
 * A PostgreSQL database the gateway cannot LISTEN on, so replicas given it share no bus (each keeps
 * an in-memory one) and a notice never crosses between them: for tests of the polling that makes up
 * for lost notices. The caller closes it (after the gateways).
 */
export async function databaseWithoutBus(options: DatabaseOptions): Promise<Database> {
  const { server: _server, ...db } = await openDatabase(options);
  return db;
}
