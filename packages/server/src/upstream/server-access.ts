import type { User } from '../auth/user.ts';
import type { ServerRow } from '../store/server-store.ts';

/**
 * Whether a user may use a registration (see it, list and call its tools, have it in their turns
 * and at `/mcp`): the deployment's, their own, and those an administrator shared. Administrators
 * are no exception: another user's server (its tool descriptions and results, written by whoever
 * registered it) never reaches an administrator's model unless shared.
 */
export function canUseServer(user: User, row: Pick<ServerRow, 'owner_id' | 'shared'>): boolean {
  return row.owner_id === null || row.owner_id === user.id || row.shared;
}

/** Whether a user may manage a registration (view its settings, start, stop, remove): its owner, or an administrator. */
export function canManageServer(user: User, row: Pick<ServerRow, 'owner_id'>): boolean {
  return user.role === 'admin' || (row.owner_id !== null && row.owner_id === user.id);
}
