import type { Cost } from './admin-api.ts';

const counts = new Intl.NumberFormat('en');

/** A count as people read it (`12,345`). */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A cost in its currency (`$0.0225`), or a dash when the model has no price. */
export function formatCost(cost: Cost | undefined): string {
  if (!cost) return '—';
  const digits = cost.amount !== 0 && cost.amount < 0.01 ? 4 : 2;
  return new Intl.NumberFormat('en', {
    style: 'currency',
    currency: cost.currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(cost.amount);
}

/** An instant as a short UTC date and time (`2026-11-28 09:30`), or "never". */
export function formatWhen(iso: string | null): string {
  if (!iso) return 'never';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** What went wrong, in the words of the error. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
