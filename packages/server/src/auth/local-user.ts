import type { User } from './user.ts';

/** The caller of an open (key-less, loopback-only) gateway. */
export const LOCAL_USER: User = { id: 'local', name: 'Local user', role: 'admin' };
