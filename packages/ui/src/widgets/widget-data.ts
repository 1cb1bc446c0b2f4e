/**
 * Widget params as components receive them. They were validated against the widget's schema before
 * reaching the canvas, but components still read them defensively (optional chaining, defaults).
 */
// biome-ignore lint/suspicious/noExplicitAny: params are schema-validated JSON read by templates
export type WidgetData = Record<string, any>;

/** The heading of a widget, when it has one. */
export function titleOf(data: WidgetData): string | undefined {
  return typeof data?.title === 'string' && data.title !== '' ? data.title : undefined;
}

/** A stable colour for the n-th series, group or slice. */
export function paletteColor(index: number): string {
  const palette = [
    '#2563eb',
    '#f97316',
    '#16a34a',
    '#dc2626',
    '#9333ea',
    '#0891b2',
    '#ca8a04',
    '#db2777',
    '#4b5563',
    '#65a30d',
  ];
  return palette[((index % palette.length) + palette.length) % palette.length];
}

/** Initials of a name (for portraits without a photo). */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
