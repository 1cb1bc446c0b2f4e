/** The text cut to at most `max` characters, an ellipsis marking the cut. */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
