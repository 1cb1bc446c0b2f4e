import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** A child process started with the pinned Node, and the means to stop it. */
export interface ChildServer {
  stop(): Promise<void>;
}

/**
 * Runs `args` (a script and its arguments) with the pinned Node and exactly the environment `env`,
 * and resolves once its stdout or stderr shows `readyText` (how a server says it listens); rejects
 * with its output if it exits first.
 */
export async function startNodeProcess(
  args: string[],
  env: Record<string, string | undefined>,
  readyText: string,
): Promise<ChildServer> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited early (${code}): ${output}`)));
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
