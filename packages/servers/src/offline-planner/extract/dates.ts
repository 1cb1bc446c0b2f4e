const DAY_MS = 86_400_000;

/**
 * A calendar date a message names, as `YYYY-MM-DD`: an ISO date, or today / tomorrow / yesterday
 * relative to `now` (UTC). Undefined when it names none.
 */
export function readDate(text: string, now: Date): string | undefined {
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text)?.[1];
  if (iso !== undefined && !Number.isNaN(Date.parse(iso))) return iso;
  const lower = text.toLowerCase();
  const offset = /\btoday\b/.test(lower)
    ? 0
    : /\btomorrow\b/.test(lower)
      ? 1
      : /\byesterday\b/.test(lower)
        ? -1
        : undefined;
  if (offset === undefined) return undefined;
  return new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}
