import { toolLabel } from './tool-label.ts';

/** The human titles servers give their tools (MCP `title` or `annotations.title`), by the name a call uses. */
export type ToolTitles = Readonly<Record<string, string>>;

/** A tool's name for people: the title its server gives it, else its name in words (`Search products`). */
export function toolTitle(name: string, titles: ToolTitles = {}): string {
  return Object.hasOwn(titles, name) ? titles[name] : toolLabel(name);
}
