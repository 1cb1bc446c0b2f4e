import { randomUUID } from 'node:crypto';

/** A new random id with a readable prefix, e.g. `conv_3f9a…` (122 random bits). */
export function newId(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}
