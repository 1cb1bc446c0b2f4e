/**
 * Widgets whose height follows their content: a new one is shrunk to it when its tile is taller.
 * Not those that fill their tile (charts, maps, diagrams, apps) or show images that load later.
 */
export const SHRINKS_TO_CONTENT: ReadonlySet<string> = new Set([
  'actions',
  'alert',
  'code',
  'form',
  'json-viewer',
  'kv',
  'list',
  'log',
  'markdown',
  'progress',
  'stat',
  'stat-card',
  'table',
  'tags',
  'timeline',
]);

/**
 * The height a canvas block needs for its content (its bar, the body's padding and the rendered
 * widget), or undefined when it cannot be measured. Reads the layout of `.bar`, `.body` and
 * `.content` inside the block element.
 */
export function fittedHeight(block: HTMLElement): number | undefined {
  const bar = block.querySelector<HTMLElement>('.bar');
  const body = block.querySelector<HTMLElement>('.body');
  const content = block.querySelector<HTMLElement>('.content');
  if (!bar || !body || !content || content.offsetHeight === 0) return undefined;
  const style = getComputedStyle(body);
  const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
  const borders = block.offsetHeight - block.clientHeight;
  return Math.ceil(bar.offsetHeight + padding + content.offsetHeight + borders + 2);
}
