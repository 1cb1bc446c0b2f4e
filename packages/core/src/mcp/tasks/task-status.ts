import type { TaskStatus } from '@modelcontextprotocol/client';

const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

/** Whether a task in this status has ended (MCP tasks: completed, failed or cancelled), whichever side runs it. */
export function isTerminalTaskStatus(status: TaskStatus): boolean {
  return TERMINAL.has(status);
}
