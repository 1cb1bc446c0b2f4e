import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs a command to its end and returns its standard output; throws with its standard error on failure. */
export async function run(command: string, args: readonly string[]): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const failed = error as Error & { stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed: ${failed.stderr?.trim() || failed.message}`);
  }
}

/** What one container runs: the image, its environment, its bind mounts and its command. */
export interface ContainerSpec {
  image: string;
  /** A name of this test's own, so the container can be removed whatever happens. */
  name: string;
  env: Record<string, string>;
  /** Host path → container path (`:ro` may follow). */
  volumes: string[];
  /** The arguments after the image's entrypoint (its CMD when unset). */
  command?: string[];
}

/** A container running under `buildah run --isolation chroot` (the host's network: it listens on the host's ports). */
export interface RunningContainer {
  readonly name: string;
  /** Everything it printed so far. */
  output(): string;
  /** The process the image's entrypoint started (for its user and for signals). */
  mainPid(): number | undefined;
  /** Resolves with the exit code of `buildah run` (the entrypoint's). */
  readonly exited: Promise<number | null>;
  /** Runs a command beside the entrypoint in the same container. */
  exec(args: string[]): Promise<string>;
  /** Sends a signal to the entrypoint's process. */
  signal(signal: NodeJS.Signals): void;
  /** Kills what still runs and removes the container. */
  remove(): Promise<void>;
}

/**
 * Starts a container from an image as `podman run` would: the image's entrypoint and command, its
 * environment plus `env`, `volumes` bind-mounted. The image's declared volumes are dropped from the
 * working container first, since buildah 1.28 mounts an anonymous volume over a bind mount at the
 * same path.
 */
export async function startContainer(spec: ContainerSpec): Promise<RunningContainer> {
  const config = JSON.parse(await run('buildah', ['inspect', '--type', 'image', spec.image])) as {
    Docker: { config: { Entrypoint?: string[]; Cmd?: string[]; Volumes?: Record<string, unknown> } };
  };
  const { Entrypoint = [], Cmd = [], Volumes = {} } = config.Docker.config;
  await run('buildah', ['rm', spec.name]).catch(() => undefined);
  await run('buildah', ['from', '--quiet', '--pull-never', '--name', spec.name, spec.image]);
  const settings = [
    ...Object.keys(Volumes).flatMap((path) => ['--volume', `${path}-`]),
    ...Object.entries(spec.env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
  ];
  if (settings.length > 0) await run('buildah', ['config', ...settings, spec.name]);
  const child: ChildProcess = spawn(
    'buildah',
    [
      'run',
      '--isolation',
      'chroot',
      ...spec.volumes.flatMap((volume) => ['--volume', volume]),
      spec.name,
      '--',
      ...Entrypoint,
      ...(spec.command ?? Cmd),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const mainPid = () => (child.pid === undefined ? undefined : deepestDescendant(child.pid));
  return {
    name: spec.name,
    output: () => output,
    mainPid,
    exited,
    exec: (args) => run('buildah', ['run', '--isolation', 'chroot', spec.name, '--', ...args]),
    signal(signal) {
      const pid = mainPid();
      if (pid !== undefined) process.kill(pid, signal);
    },
    async remove() {
      if (child.exitCode === null && child.signalCode === null) {
        const pid = mainPid();
        if (pid !== undefined) process.kill(pid, 'SIGKILL');
        await exited;
      }
      await run('buildah', ['rm', spec.name]).catch(() => undefined);
    },
  };
}

/** The last process in the chain of children under `pid` (buildah run → the entrypoint). */
function deepestDescendant(pid: number): number {
  let current = pid;
  for (;;) {
    const child = childrenOf(current)[0];
    if (child === undefined) return current;
    current = child;
  }
}

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (in parentheses, which may hold spaces): state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // The process ended while we read.
    }
  }
  return children;
}

/** The user id a process runs as. */
export function userOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Uid:'));
  return Number(line?.split(/\s+/)[1]);
}
