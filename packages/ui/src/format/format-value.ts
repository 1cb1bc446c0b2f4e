/** How a table column shows its values. */
export type ValueFormat = 'text' | 'number' | 'currency' | 'percent' | 'date' | 'link' | 'image';

/** Formatting options (locale defaults to the browser's). */
export interface FormatOptions {
  locale?: string;
  currency?: string;
}

/**
 * A cell value as display text: numbers grouped, currencies and percentages (0.25 → 25 %) localized,
 * ISO dates as dates, null as an empty string. Never throws: unexpected values fall back to String().
 */
export function formatValue(
  value: unknown,
  format: ValueFormat = 'text',
  options: FormatOptions = {},
): string {
  if (value === null || value === undefined) return '';
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  try {
    switch (format) {
      case 'number':
        return Number.isFinite(number) ? new Intl.NumberFormat(options.locale).format(number) : String(value);
      case 'currency':
        return Number.isFinite(number)
          ? new Intl.NumberFormat(options.locale, {
              style: 'currency',
              currency: options.currency ?? 'EUR',
            }).format(number)
          : String(value);
      case 'percent':
        return Number.isFinite(number)
          ? new Intl.NumberFormat(options.locale, { style: 'percent', maximumFractionDigits: 2 }).format(
              number,
            )
          : String(value);
      case 'date': {
        const date = new Date(String(value));
        return Number.isNaN(date.getTime())
          ? String(value)
          : new Intl.DateTimeFormat(options.locale, { dateStyle: 'medium' }).format(date);
      }
      default:
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  } catch {
    return String(value);
  }
}

/** A number for display in stat widgets: grouped when it is a number, as given when it is text. */
export function displayNumber(value: unknown, locale?: string): string {
  return typeof value === 'number'
    ? new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value)
    : String(value ?? '');
}
