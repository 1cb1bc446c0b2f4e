/** How long `switchboard serve` lets running turns finish after SIGTERM when nothing says otherwise (ms). */
export const DEFAULT_DRAIN_MS = 25_000;

/**
 * The drain bound of `switchboard serve`: `SWITCHBOARD_DRAIN_MS` (milliseconds, 0 stops turns at
 * once), else {@link DEFAULT_DRAIN_MS} — under the 30 s most orchestrators wait after SIGTERM before
 * they kill. Throws on anything but a whole number of milliseconds.
 */
export function drainTimeFrom(env: NodeJS.ProcessEnv): number {
  const text = env.SWITCHBOARD_DRAIN_MS;
  if (text === undefined || text === '') return DEFAULT_DRAIN_MS;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 0)
    throw new Error(`SWITCHBOARD_DRAIN_MS needs a whole number of milliseconds (0 or more), got '${text}'`);
  return ms;
}
