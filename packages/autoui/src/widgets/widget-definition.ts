import type { JsonSchema } from '@switchboard/core';

/** A widget's default size on the canvas, in CSS pixels. */
export interface WidgetSize {
  width: number;
  height: number;
}

/** The size of a widget type not in the catalog. */
export const FALLBACK_WIDGET_SIZE: WidgetSize = Object.freeze({ width: 420, height: 300 });

/** A URL inside widget params whose place depends on the data (e.g. a table cell in a `link` column). */
export interface DynamicUrl {
  path: Array<string | number>;
  kind: 'image' | 'link';
}

/**
 * One widget of the catalog: the JSON Schema of its params, a recipe saying when to use it
 * (Markdown with YAML front matter), a valid example, and its default size on the canvas.
 */
export interface WidgetDefinition<Name extends string = string> {
  /** The name `widget_display` takes; a built-in widget's name is a literal type (see `BuiltInWidgetName`). */
  name: Name;
  /** JSON Schema of `widget_display`'s `params` for this widget. URL fields carry `'x-url': 'image' | 'link'`. */
  schema: JsonSchema;
  /** Markdown with YAML front matter (name, title, description, when, keywords) and one paragraph of guidance. */
  recipe: string;
  /** A valid params example, shown by `get_recipe`. */
  example: Record<string, unknown>;
  size: WidgetSize;
  /** URLs whose location is only known from the data (columns formatted as links or images). */
  dynamicUrls?: (params: Record<string, unknown>) => DynamicUrl[];
  /** Child widgets nested in the params (`tabs`, `grid`), validated and sanitized like top-level ones. */
  children?: (
    params: Record<string, unknown>,
  ) => Array<{ path: Array<string | number>; name: unknown; params: unknown }>;
}
