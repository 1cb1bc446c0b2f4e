/**
 * `npm run conformance:server`: runs the official MCP conformance suite (`@modelcontextprotocol/conformance`)
 * in server mode against each server we ship, served over Streamable HTTP on a free loopback port by
 * the shipped launcher, and against the gateway's `/mcp` endpoint (with a user's API key; and the
 * DNS-rebinding scenario against an open gateway, with its per-install token). Every scenario of
 * `conformance list --server` runs, at its own protocol revision and, when it applies to both eras,
 * at 2026-07-28 too (`name@2026-07-28`), except those listed as not applicable in
 * `not-applicable-server-scenarios.ts` (whole scenarios, or single checks of one, each with its
 * reason; an excused check that succeeds is a stale entry and fails the run). The gateway's known
 * failures (`known-server-failures.ts`) are reported as `KNOWN`, and fail the run once they pass.
 * Prints one line per target and run, the not-applicable scenarios with their reasons, and
 * `N passed, N failed, N skipped`; exits 1 on any failure. The suite's results go to
 * `test-output/conformance/server/<target>/<run>/`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_SERVERS, type ShippedServerName, serveHttp } from '@switchboard/servers';
import { startGatewayEndpoint } from './gateway-endpoint.ts';
import { KNOWN_GATEWAY_FAILURES } from './known-server-failures.ts';
import { listScenarios, revisionsOf, runName } from './list-scenarios.ts';
import { mapConcurrently } from './map-concurrently.ts';
import {
  NOT_APPLICABLE_GATEWAY_CHECKS,
  NOT_APPLICABLE_GATEWAY_SCENARIOS,
  NOT_APPLICABLE_SERVER_CHECKS,
  NOT_APPLICABLE_SERVER_SCENARIOS,
} from './not-applicable-server-scenarios.ts';
import { readScenarioVerdict } from './read-scenario-verdict.ts';
import { runConformanceCli } from './run-conformance-cli.ts';

const RESULTS = fileURLToPath(new URL('../../test-output/conformance/server/', import.meta.url));
/** Runs of the suite at once: each is a Node process that mostly starts up. */
const CONCURRENCY = Math.max(2, availableParallelism());

type Excuses = Readonly<Record<string, Readonly<Record<string, string>>>>;

const started = performance.now();
const scenarios = await listScenarios('server');
const names = scenarios.map((scenario) => scenario.name);
const runsOf = (notApplicable: Readonly<Record<string, string>>) =>
  scenarios
    .filter((scenario) => !Object.hasOwn(notApplicable, scenario.name))
    .flatMap((scenario) => revisionsOf(scenario).map((revision) => ({ scenario: scenario.name, revision })));
const stale = [
  NOT_APPLICABLE_SERVER_SCENARIOS,
  NOT_APPLICABLE_GATEWAY_SCENARIOS,
  NOT_APPLICABLE_SERVER_CHECKS,
  NOT_APPLICABLE_GATEWAY_CHECKS,
]
  .flatMap((list) => Object.keys(list))
  .filter((name) => !names.includes(name));

await rm(RESULTS, { recursive: true, force: true });
const dataDir = await mkdtemp(join(tmpdir(), 'conformance-server-'));
const shippedNames = Object.keys(SHIPPED_SERVERS) as ShippedServerName[];
const servers = await Promise.all(
  shippedNames.map(async (name) => {
    const shipped = await SHIPPED_SERVERS[name]({ dataDir: join(dataDir, name) });
    return { name, shipped, serving: await serveHttp(shipped.createServer) };
  }),
);

const keyed = await startGatewayEndpoint({ apiKey: true, dataDir: join(dataDir, 'gateway') });
const open = await startGatewayEndpoint({ apiKey: false, dataDir: join(dataDir, 'open-gateway') });
const dnsRebinding = scenarios.filter((scenario) => scenario.name === 'dns-rebinding-protection');
const targets: Array<{ name: string; url: string; runs: ReturnType<typeof runsOf>; excuses: Excuses }> = [
  ...servers.map((server) => ({
    name: server.name,
    url: server.serving.url,
    runs: runsOf(NOT_APPLICABLE_SERVER_SCENARIOS),
    excuses: NOT_APPLICABLE_SERVER_CHECKS,
  })),
  {
    name: 'gateway-mcp',
    url: keyed.url,
    runs: runsOf(NOT_APPLICABLE_GATEWAY_SCENARIOS),
    excuses: NOT_APPLICABLE_GATEWAY_CHECKS,
  },
  {
    name: 'gateway-mcp-open',
    url: open.url,
    runs: dnsRebinding.flatMap((scenario) =>
      revisionsOf(scenario).map((revision) => ({ scenario: scenario.name, revision })),
    ),
    excuses: {},
  },
];
const jobs = targets.flatMap((target) => target.runs.map((run) => ({ target, ...run })));
const verdicts = await mapConcurrently(jobs, CONCURRENCY, async ({ target, scenario, revision }) => {
  const name = runName(scenario, revision);
  const dir = join(RESULTS, target.name, name);
  const args = ['server', '--url', target.url, '--scenario', scenario, '--output-dir', dir];
  const run = await runConformanceCli(revision ? [...args, '--spec-version', revision] : args);
  const verdict = await readScenarioVerdict(dir, target.excuses[scenario]);
  if (!verdict.passed && run.stderr.trim()) verdict.reason += ` (${run.stderr.trim().split('\n').at(-1)})`;
  return { server: target.name, scenario, name, ...verdict };
});

await Promise.all([keyed.close(), open.close()]);
await Promise.all(servers.map(({ serving }) => serving.close()));
await Promise.all(servers.map(({ shipped }) => shipped.close()));
await rm(dataDir, { recursive: true, force: true });

let failed = stale.length;
let known = 0;
for (const { passed, server, name, reason, stale: staleChecks } of verdicts) {
  if (staleChecks.length > 0) {
    failed++;
    console.log(
      `FAIL ${server} ${name} — excused checks succeed now, remove them: ${staleChecks.join(', ')}`,
    );
  }
  const knownReason = server === 'gateway-mcp' ? KNOWN_GATEWAY_FAILURES[name] : undefined;
  if (passed && knownReason) {
    failed++;
    console.log(`FAIL ${server} ${name} — passes now: remove it from known-server-failures.ts`);
  } else if (passed) {
    console.log(`PASS ${server} ${name}`);
  } else if (knownReason) {
    known++;
    console.log(`KNOWN ${server} ${name} — ${knownReason} (${reason})`);
  } else {
    failed++;
    console.log(`FAIL ${server} ${name} — ${reason}`);
  }
}
for (const name of Object.keys(KNOWN_GATEWAY_FAILURES)) {
  if (verdicts.some((verdict) => verdict.server === 'gateway-mcp' && verdict.name === name)) continue;
  failed++;
  console.log(`FAIL known-server-failures.ts names ${name}, which the suite does not run on gateway-mcp`);
}
const excusedChecks = (who: string, excuses: Excuses) => {
  for (const [scenario, checks] of Object.entries(excuses))
    for (const [check, reason] of Object.entries(checks))
      console.log(`N/A ${who} ${scenario} ${check} — ${reason}`);
};
for (const [scenario, reason] of Object.entries(NOT_APPLICABLE_SERVER_SCENARIOS))
  console.log(`N/A shipped servers ${scenario} — ${reason}`);
excusedChecks('shipped servers', NOT_APPLICABLE_SERVER_CHECKS);
for (const [scenario, reason] of Object.entries(NOT_APPLICABLE_GATEWAY_SCENARIOS))
  console.log(`N/A gateway-mcp ${scenario} — ${reason}`);
excusedChecks('gateway-mcp', NOT_APPLICABLE_GATEWAY_CHECKS);
for (const name of stale)
  console.log(`FAIL not-applicable list names ${name}, which the suite does not have`);

const passed = verdicts.filter((verdict) => verdict.passed).length;
const notApplicable =
  servers.length * Object.keys(NOT_APPLICABLE_SERVER_SCENARIOS).length +
  Object.keys(NOT_APPLICABLE_GATEWAY_SCENARIOS).length;
const seconds = Math.round((performance.now() - started) / 1000);
console.log(
  `${passed} passed, ${failed} failed, ${known + notApplicable} skipped (${known} known failures, ${notApplicable} not applicable; ${jobs.length} runs in ${seconds} s)`,
);
process.exitCode = failed > 0 ? 1 : 0;
