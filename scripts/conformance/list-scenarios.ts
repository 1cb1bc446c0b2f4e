import { runConformanceCli } from './run-conformance-cli.ts';

/** A scenario of the installed suite and the protocol revisions it applies to (`extension` for extensions). */
export interface ListedScenario {
  name: string;
  versions: string[];
}

/** The revision of MCP the suite's newest scenarios are written for. */
export const MODERN_REVISION = '2026-07-28';

/**
 * The client or server scenarios the installed suite knows: the `  - name [versions]` lines of
 * `conformance list --client` / `--server`.
 */
export async function listScenarios(side: 'client' | 'server'): Promise<ListedScenario[]> {
  const listed = await runConformanceCli(['list', `--${side}`]);
  if (listed.code !== 0) throw new Error(`conformance list --${side} failed: ${listed.stderr}`);
  return [...listed.stdout.matchAll(/^\s+- (\S+)(?: \[([^\]]*)\])?/gm)].map((match) => ({
    name: match[1],
    versions: (match[2] ?? '').split(',').filter(Boolean),
  }));
}

/**
 * The revisions each scenario runs at: its own (the suite picks a 2025 revision for a scenario that
 * also applies to earlier ones), and 2026-07-28 as well for a scenario that applies to both eras,
 * so everything the 2025 wire is checked for is checked on the 2026-07-28 wire too. `undefined`
 * stands for the suite's own choice.
 */
export function revisionsOf(scenario: ListedScenario): Array<string | undefined> {
  const spansEras =
    scenario.versions.includes(MODERN_REVISION) &&
    scenario.versions.some((version) => version < MODERN_REVISION);
  return spansEras ? [undefined, MODERN_REVISION] : [undefined];
}

/** A run's name in reports: the scenario, with `@2026-07-28` when it was run at that revision on request. */
export function runName(scenario: string, revision: string | undefined): string {
  return revision ? `${scenario}@${revision}` : scenario;
}
