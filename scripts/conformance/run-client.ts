/**
 * `npm run conformance:client`: runs every client scenario of the official MCP conformance suite
 * (`@modelcontextprotocol/conformance`, `conformance list`) against Switchboard's client
 * (`client.ts`: core's `McpConnection`). Prints one line per scenario, the known failures with
 * their reasons, and `N passed, N failed, N skipped`; exits 1 on any other failure, or when a
 * known failure passes. The suite's results go to `test-output/conformance/client/<scenario>/`.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KNOWN_CLIENT_FAILURES } from './known-client-failures.ts';
import { mapConcurrently } from './map-concurrently.ts';
import { readScenarioVerdict } from './read-scenario-verdict.ts';
import { runConformanceCli } from './run-conformance-cli.ts';

const RESULTS = fileURLToPath(new URL('../../test-output/conformance/client/', import.meta.url));
const CLIENT = fileURLToPath(new URL('client.ts', import.meta.url));
/** Two at a time: `sse-retry` times the client's reconnect, which a loaded machine would skew. */
const CONCURRENCY = 2;

/** The client scenarios the installed suite knows: the `  - name` lines after "Client scenarios". */
async function listClientScenarios(): Promise<string[]> {
  const listed = await runConformanceCli(['list']);
  if (listed.code !== 0) throw new Error(`conformance list failed: ${listed.stderr}`);
  const clientPart = listed.stdout.slice(listed.stdout.indexOf('Client scenarios'));
  return [...clientPart.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

const scenarios = await listClientScenarios();
await rm(RESULTS, { recursive: true, force: true });
const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLIENT)}`;
const verdicts = await mapConcurrently(scenarios, CONCURRENCY, async (scenario) => {
  const dir = join(RESULTS, scenario.replaceAll('/', '_'));
  await runConformanceCli(['client', '--command', command, '--scenario', scenario, '--output-dir', dir]);
  return { scenario, ...(await readScenarioVerdict(dir)) };
});

let passed = 0;
let failed = 0;
let known = 0;
for (const { scenario, passed: ok, reason } of verdicts) {
  const knownReason = KNOWN_CLIENT_FAILURES[scenario];
  if (ok && knownReason) {
    failed++;
    console.log(`FAIL ${scenario} — passes now: remove it from known-client-failures.ts`);
  } else if (ok) {
    passed++;
    console.log(`PASS ${scenario}`);
  } else if (knownReason) {
    known++;
    console.log(`KNOWN ${scenario} — ${knownReason} (${reason})`);
  } else {
    failed++;
    console.log(`FAIL ${scenario} — ${reason}`);
  }
}
console.log(`${passed} passed, ${failed} failed, ${known} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
