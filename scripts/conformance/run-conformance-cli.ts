import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What one run of the conformance CLI printed and how it ended. */
export interface ConformanceCliRun {
  /** The exit code; non-zero also when a scenario failed. */
  code: number;
  stdout: string;
  stderr: string;
}

const packageJson = createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json');
const CLI = join(dirname(packageJson), 'dist', 'index.js');

/**
 * Runs the official MCP conformance suite's CLI (`conformance …args`) on this Node, killed after
 * `timeoutMs`. Never rejects: a failed or killed run resolves with its exit code and output.
 */
export function runConformanceCli(args: readonly string[], timeoutMs = 60_000): Promise<ConformanceCliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
