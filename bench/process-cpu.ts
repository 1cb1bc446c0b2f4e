import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux builds). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used, from /proc; undefined where /proc is not there. */
export function processCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.indexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds used by every process of this machine named `name` (e.g. `postgres`: the server and
 * its backends), or undefined when there is none or no /proc. Processes that exit between two
 * readings drop out, so compare readings taken while the server runs.
 */
export function namedProcessesCpuSeconds(name: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let total: number | undefined;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes(`(${name})`)) continue;
      total = (total ?? 0) + (processCpuSeconds(Number(entry)) ?? 0);
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}

/** Milliseconds of CPU per turn each party used between `start()` and `stop(turns)`. */
export interface CpuPerTurn {
  /** This process (the gateway, or the bare loop). */
  process: number;
  /** The MCP server's process. */
  mcpServer?: number;
  /** The database server's processes, when they run on this machine. */
  database?: number;
}

/** Meters CPU per turn over a phase: this process, the MCP server, and optionally the database server. */
export function cpuMeter(parties: { mcpServerPid?: number; databaseProcessName?: string }) {
  const read = () => ({
    process: process.cpuUsage(),
    mcpServer: parties.mcpServerPid === undefined ? undefined : processCpuSeconds(parties.mcpServerPid),
    database: parties.databaseProcessName ? namedProcessesCpuSeconds(parties.databaseProcessName) : undefined,
  });
  const perTurn = (before?: number, after?: number, turns = 1) =>
    before === undefined || after === undefined
      ? undefined
      : Math.round(((after - before) * 1000 * 1000) / turns) / 1000;
  return {
    start() {
      const before = read();
      return {
        stop(turns: number): CpuPerTurn {
          const used = process.cpuUsage(before.process);
          const after = read();
          return {
            process: Math.round(((used.user + used.system) / 1000 / turns) * 1000) / 1000,
            mcpServer: perTurn(before.mcpServer, after.mcpServer, turns),
            database: perTurn(before.database, after.database, turns),
          };
        },
      };
    },
  };
}
