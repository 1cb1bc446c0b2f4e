import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { McpCustomTransportConfig } from '../mcp/connection/connection-options.ts';

/** How to start a server process that speaks MCP over stdin/stdout. */
export interface StdioTransportOptions {
  /** The executable (for a Node script, `process.execPath`). */
  command: string;
  args?: string[];
  /** Extra environment variables, added to the SDK's safe default environment (PATH, HOME, …). */
  env?: Record<string, string>;
  cwd?: string;
  /** Largest single message accepted from the server, in bytes. Default 10 MB (the SDK's). */
  maxMessageBytes?: number;
  /** How many trailing characters of the server's stderr to keep for error messages. Default 2000. */
  stderrTailChars?: number;
}

const DEFAULT_STDERR_TAIL_CHARS = 2_000;
/** Lines of stderr quoted in an error message. */
const STDERR_TAIL_LINES = 5;

/**
 * A transport config that spawns the server as a child process and talks MCP over its
 * stdin/stdout (Node only). A fresh process is started for every (re)connect; the last
 * lines the server wrote to stderr are quoted in error messages. Use one config per
 * connection. With the connection's default `protocol: 'auto'`, the SDK first asks a
 * short-lived extra process which revision it speaks; `protocol: 'legacy'` skips that for
 * servers known to speak only the 2025 revisions.
 */
export function stdioTransport(options: StdioTransportOptions): McpCustomTransportConfig {
  const tailChars = options.stderrTailChars ?? DEFAULT_STDERR_TAIL_CHARS;
  let stderrTail = '';
  return {
    type: 'custom',
    label: `stdio: ${[options.command, ...(options.args ?? [])].join(' ')}`,
    create: () => {
      stderrTail = '';
      const transport = new StdioClientTransport({
        command: options.command,
        args: options.args,
        env: options.env,
        cwd: options.cwd,
        stderr: 'pipe',
        maxBufferSize: options.maxMessageBytes,
      });
      transport.stderr?.on('data', (chunk: Buffer | string) => {
        stderrTail = (stderrTail + chunk.toString()).slice(-tailChars);
      });
      return transport;
    },
    diagnostics: () => {
      const lines = stderrTail
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter((line) => line.length > 0)
        .slice(-STDERR_TAIL_LINES);
      return lines.length > 0 ? `Server stderr (last lines): ${lines.join(' | ')}` : undefined;
    },
  };
}
