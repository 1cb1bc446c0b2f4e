import type { ServerRow } from '../store/server-store.ts';

/** A server authorizes each user with OAuth, and this user has not connected it (or the grant is gone). */
export class AuthorizationRequiredError extends Error {
  override name = 'AuthorizationRequiredError';
  readonly serverId: string;

  constructor(row: Pick<ServerRow, 'id' | 'name'>) {
    super(`Connect ${row.name} to use its tools (POST /servers/${row.id}/authorize)`);
    this.serverId = row.id;
  }
}
