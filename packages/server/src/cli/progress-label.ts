/** Width of the bar, in characters. */
const BAR_WIDTH = 20;

/** A tool's progress as MCP reports it. */
export interface ToolProgressUpdate {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * The spinner's label while a tool reports progress: a bar and percentage when the total is known
 * (`running shop_mcp_import… [████████░░░░] 40% step 4 of 10`), the count alone otherwise.
 */
export function progressLabel(tool: string, update: ToolProgressUpdate): string {
  const parts = [`running ${tool}…`];
  if (update.total !== undefined && update.total > 0) {
    const share = Math.min(1, Math.max(0, update.progress / update.total));
    const filled = Math.round(share * BAR_WIDTH);
    parts.push(`[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}]`, `${Math.round(share * 100)}%`);
  } else {
    parts.push(`(${update.progress})`);
  }
  if (update.message) parts.push(update.message.replace(/\s+/g, ' ').slice(0, 80));
  return parts.join(' ');
}
