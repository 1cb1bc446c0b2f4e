/**
 * `npm run conformance:server`: runs the official MCP conformance suite (`@modelcontextprotocol/conformance`)
 * in server mode against each server we ship, served over Streamable HTTP on a free loopback port by
 * the shipped launcher, and against the gateway's `/mcp` endpoint (with a user's API key; and the
 * DNS-rebinding scenario against an open, key-less gateway). Every scenario of
 * `conformance list --server` runs except those listed in `not-applicable-server-scenarios.ts` (one
 * list for the shipped servers, one for the gateway). Prints one line per target and scenario, the
 * not-applicable scenarios with their reasons, and `N passed, N failed, N skipped`; exits 1 on any
 * failure. The suite's results go to `test-output/conformance/server/<target>/<scenario>/`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHIPPED_SERVERS, type ShippedServerName, serveHttp } from '@switchboard/servers';
import { startGatewayEndpoint } from './gateway-endpoint.ts';
import { mapConcurrently } from './map-concurrently.ts';
import {
  NOT_APPLICABLE_GATEWAY_SCENARIOS,
  NOT_APPLICABLE_SERVER_SCENARIOS,
} from './not-applicable-server-scenarios.ts';
import { readScenarioVerdict } from './read-scenario-verdict.ts';
import { runConformanceCli } from './run-conformance-cli.ts';

const RESULTS = fileURLToPath(new URL('../../test-output/conformance/server/', import.meta.url));
/** Runs of the suite at once: each is a Node process that mostly starts up. */
const CONCURRENCY = Math.max(2, availableParallelism());

/** The server scenarios the installed suite knows (`  - name [versions]` lines of `list --server`). */
async function listServerScenarios(): Promise<string[]> {
  const listed = await runConformanceCli(['list', '--server']);
  if (listed.code !== 0) throw new Error(`conformance list --server failed: ${listed.stderr}`);
  return [...listed.stdout.matchAll(/^\s+- (\S+)/gm)].map((match) => match[1]);
}

const scenarios = await listServerScenarios();
const applicableTo = (notApplicable: Readonly<Record<string, string>>) =>
  scenarios.filter((scenario) => !Object.hasOwn(notApplicable, scenario));
const applicable = applicableTo(NOT_APPLICABLE_SERVER_SCENARIOS);
const stale = [NOT_APPLICABLE_SERVER_SCENARIOS, NOT_APPLICABLE_GATEWAY_SCENARIOS]
  .flatMap((list) => Object.keys(list))
  .filter((name) => !scenarios.includes(name));

await rm(RESULTS, { recursive: true, force: true });
const dataDir = await mkdtemp(join(tmpdir(), 'conformance-server-'));
const names = Object.keys(SHIPPED_SERVERS) as ShippedServerName[];
const servers = await Promise.all(
  names.map(async (name) => {
    const shipped = await SHIPPED_SERVERS[name]({ dataDir: join(dataDir, name) });
    return { name, shipped, serving: await serveHttp(shipped.createServer) };
  }),
);

const keyed = await startGatewayEndpoint({ apiKey: true, dataDir: join(dataDir, 'gateway') });
const open = await startGatewayEndpoint({ apiKey: false, dataDir: join(dataDir, 'open-gateway') });
const targets = [
  ...servers.map((server) => ({ name: server.name, url: server.serving.url, scenarios: applicable })),
  { name: 'gateway-mcp', url: keyed.url, scenarios: applicableTo(NOT_APPLICABLE_GATEWAY_SCENARIOS) },
  { name: 'gateway-mcp-open', url: open.url, scenarios: ['dns-rebinding-protection'] },
];
const runs = targets.flatMap((target) => target.scenarios.map((scenario) => ({ target, scenario })));
const verdicts = await mapConcurrently(runs, CONCURRENCY, async ({ target, scenario }) => {
  const dir = join(RESULTS, target.name, scenario);
  const args = ['server', '--url', target.url, '--scenario', scenario, '--output-dir', dir];
  const run = await runConformanceCli(args);
  const verdict = await readScenarioVerdict(dir);
  if (!verdict.passed && run.stderr.trim()) verdict.reason += ` (${run.stderr.trim().split('\n').at(-1)})`;
  return { server: target.name, scenario, ...verdict };
});

await Promise.all([keyed.close(), open.close()]);
await Promise.all(servers.map(({ serving }) => serving.close()));
await Promise.all(servers.map(({ shipped }) => shipped.close()));
await rm(dataDir, { recursive: true, force: true });

for (const { passed, server, scenario, reason } of verdicts) {
  console.log(passed ? `PASS ${server} ${scenario}` : `FAIL ${server} ${scenario} — ${reason}`);
}
for (const scenario of scenarios.filter((name) => !applicable.includes(name))) {
  console.log(`N/A shipped servers ${scenario} — ${NOT_APPLICABLE_SERVER_SCENARIOS[scenario]}`);
}
for (const scenario of scenarios.filter((name) => Object.hasOwn(NOT_APPLICABLE_GATEWAY_SCENARIOS, name))) {
  console.log(`N/A gateway-mcp ${scenario} — ${NOT_APPLICABLE_GATEWAY_SCENARIOS[scenario]}`);
}
for (const name of stale)
  console.log(`FAIL not-applicable list names ${name}, which the suite does not have`);

const passed = verdicts.filter((verdict) => verdict.passed).length;
const failed = verdicts.length - passed + stale.length;
const ranOnGateway = new Set(targets.filter((t) => t.name.startsWith('gateway')).flatMap((t) => t.scenarios));
const skipped =
  scenarios.length - applicable.length + scenarios.filter((name) => !ranOnGateway.has(name)).length;
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exitCode = failed > 0 ? 1 : 0;
