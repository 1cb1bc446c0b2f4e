import { confineWidgetActions, readWidgetHint } from '@switchboard/autoui';
import type { ToolCallOutcome } from './conversation-driver.ts';

/**
 * The widget a tool's result names (`{widget, data}` or `{widget, params}`), as the host shows it: only
 * a catalog widget, never an MCP App (see `readWidgetHint`), whose buttons call only the tools
 * `ownTool` accepts — those of the server that answered. Undefined when the result names none (or
 * nests widgets deeper than the catalog allows).
 */
export function resultWidget(
  value: unknown,
  ownTool: (tool: string) => boolean,
): Extract<ToolCallOutcome, { widget: string }> | undefined {
  const hint = readWidgetHint(value);
  const shown = hint && confineWidgetActions(hint, ownTool);
  return shown ? { widget: shown.type, data: shown.data } : undefined;
}

/**
 * Shows a tool's result text as a widget: a `widget_display` result (`{widget, data}`) or a display
 * tool's result (`{widget, params}`) as that widget (see {@link resultWidget}), other JSON in the JSON
 * viewer, plain text as Markdown. Errors stay errors.
 */
export function toolOutcome(
  text: string,
  error: string | undefined,
  ownTool: (tool: string) => boolean,
): ToolCallOutcome {
  if (error) return { error: text.startsWith('Error:') || text.startsWith('{') ? text : `Error: ${error}` };
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      const value = JSON.parse(text) as unknown;
      return resultWidget(value, ownTool) ?? { widget: 'json-viewer', data: { data: value } };
    } catch {
      return { widget: 'markdown', data: { content: text } };
    }
  }
  return { widget: 'markdown', data: { content: text } };
}
