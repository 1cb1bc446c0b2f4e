import type { ToolTitles } from '@switchboard/ui';
import type { BrowsableTool } from './conversation-driver.ts';

/** The titles servers give the listed tools, by the name the model's calls use (for chips and widget bars). */
export function toolTitles(tools: readonly BrowsableTool[]): ToolTitles {
  return Object.fromEntries(
    tools.flatMap((tool) => (tool.title ? [[tool.calledAs ?? tool.name, tool.title]] : [])),
  );
}
