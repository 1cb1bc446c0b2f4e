import { readWidgetHint } from '@switchboard/autoui';
import type { ToolCallOutcome } from './conversation-driver.ts';

/**
 * Shows a tool's result text as a widget: a `widget_display` result (`{widget, data}`) or a display
 * tool's result (`{widget, params}`) as that widget, other JSON in the JSON viewer, plain text as
 * Markdown. Errors stay errors.
 */
export function toolOutcome(text: string, error?: string): ToolCallOutcome {
  if (error) return { error: text.startsWith('Error:') || text.startsWith('{') ? text : `Error: ${error}` };
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    try {
      const value = JSON.parse(text) as unknown;
      const hint = readWidgetHint(value);
      if (hint) return { widget: hint.type, data: hint.data };
      return { widget: 'json-viewer', data: { data: value } };
    } catch {
      return { widget: 'markdown', data: { content: text } };
    }
  }
  return { widget: 'markdown', data: { content: text } };
}
