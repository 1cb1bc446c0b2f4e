/**
 * `npm run conformance:client`: runs every client scenario of the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`, `conformance list --client`) against Switchboard's client
 * (`client.ts`: core's `McpConnection`), each at its own protocol revision and, when it applies to
 * both eras, at 2026-07-28 too (`name@2026-07-28`). Prints one line per run, the known failures
 * with their reasons, and `N passed, N failed, N skipped`; exits 1 on any other failure, or when a
 * known failure passes (its entry is stale). The suite's results go to
 * `test-output/conformance/client/<run>/`.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_CLIENT_FAILURES } from './known-client-failures.ts';
import { listScenarios, revisionsOf, runName } from './list-scenarios.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { readScenarioVerdict } from './read-scenario-verdict.ts';
import { runConformanceCli } from './run-conformance-cli.ts';

const RESULTS = fileURLToPath(new URL('../../test-output/conformance/client/', import.meta.url));
const CLIENT = fileURLToPath(new URL('client.ts', import.meta.url));
/** Two at a time: `sse-retry` times the client's reconnect, which a loaded machine would skew. */
const CONCURRENCY = 2;

const started = performance.now();
const runs = (await listScenarios('client')).flatMap((scenario) =>
  revisionsOf(scenario).map((revision) => ({ scenario: scenario.name, revision })),
);
await rm(RESULTS, { recursive: true, force: true });
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLIENT)}`;
const verdicts = await mapConcurrently(runs, CONCURRENCY, async ({ scenario, revision }) => {
  const name = runName(scenario, revision);
  const dir = join(RESULTS, name.replaceAll('/', '_'));
  const args = ['client', '--command', command, '--scenario', scenario, '--output-dir', dir];
  await runConformanceCli(revision ? [...args, '--spec-version', revision] : args);
  return { name, ...(await readScenarioVerdict(dir)) };
});

let passed = 0;
let failed = 0;
let known = 0;
for (const { name, passed: ok, reason } of verdicts) {
  const knownReason = KNOWN_CLIENT_FAILURES[name];
  if (ok && knownReason) {
    failed++;
    console.log(`FAIL ${name} — passes now: remove it from known-client-failures.ts`);
  } else if (ok) {
    passed++;
    console.log(`PASS ${name}`);
  } else if (knownReason) {
    known++;
    console.log(`KNOWN ${name} — ${knownReason} (${reason})`);
  } else {
    failed++;
    console.log(`FAIL ${name} — ${reason}`);
  }
}
for (const name of Object.keys(KNOWN_CLIENT_FAILURES).filter(
  (run) => !verdicts.some((v) => v.name === run),
)) {
  failed++;
  console.log(`FAIL known-client-failures.ts names ${name}, which the suite does not run`);
}
const seconds = Math.round((performance.now() - started) / 1000);
console.log(`${passed} passed, ${failed} failed, ${known} skipped (${runs.length} runs in ${seconds} s)`);
process.exitCode = failed > 0 ? 1 : 0;
