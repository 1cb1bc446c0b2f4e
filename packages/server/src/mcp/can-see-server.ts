import type { User } from '../auth/user.ts';
import type { ServerRow } from '../store/server-store.ts';

/** Whether a user may see (and use) a registration: the deployment's and their own; administrators see all. */
export function canSeeServer(user: User, row: Pick<ServerRow, 'owner_id'>): boolean {
  return user.role === 'admin' || row.owner_id === null || row.owner_id === user.id;
}
