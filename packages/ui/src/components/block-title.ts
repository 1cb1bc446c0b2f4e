import type { CanvasBlock } from '@switchboard/autoui';
import { toolLabel } from '../format/tool-label.ts';
import type { WidgetSource } from '../state/widget-sources.ts';

/**
 * The title on a widget's bar: the tool whose result it shows, in words ("Calculate", "Get
 * storage"), else the widget's own title, else its type in words (not a stat's label, which the
 * stat shows already).
 */
export function blockTitle(block: Pick<CanvasBlock, 'type' | 'data'>, source?: WidgetSource): string {
  if (source !== undefined) return toolLabel(source.name);
  const title = block.data.title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : toolLabel(block.type);
}

/** The call a widget shows, as text for its tooltip: `shop_mcp_search_products {"query":"milk"}`. */
export function sourceText(source: WidgetSource | undefined, type: string): string {
  return source === undefined ? `${type} widget` : `${source.name} ${JSON.stringify(source.args ?? {})}`;
}
