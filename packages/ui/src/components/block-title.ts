import type { CanvasBlock } from '@switchboard/autoui';
import { toolLabel } from '../format/tool-label.ts';
import { type ToolTitles, toolTitle } from '../format/tool-title.ts';
import type { WidgetSource } from '../state/widget-sources.ts';

/**
 * The title on a widget's bar: the widget's own title ("Cart of guest"; the canvas shows it there
 * instead of as a heading in the tile), else the tool whose result it shows — by the title its server
 * gives it in `titles` ("Calculate"), else in words ("Get storage") — else its type in words (not a
 * stat's label, which the stat shows already).
 */
export function blockTitle(
  block: Pick<CanvasBlock, 'type' | 'data'>,
  source?: WidgetSource,
  titles: ToolTitles = {},
): string {
  const title = block.data.title;
  if (typeof title === 'string' && title.trim() !== '') return title.trim();
  return source === undefined ? toolLabel(block.type) : toolTitle(source.name, titles);
}

/** The call a widget shows, as text for its tooltip: `shop_mcp_search_products {"query":"milk"}`. */
export function sourceText(source: WidgetSource | undefined, type: string): string {
  return source === undefined ? `${type} widget` : `${source.name} ${JSON.stringify(source.args ?? {})}`;
}
