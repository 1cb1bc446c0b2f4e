/**
 * bench:context — a 20-step scripted session whose tool results are about 50 KB each: tokens sent on
 * the last model call with context management (truncation + compression with recall) vs without
 * (the full history), side by side in one run; then checks every compressed result is recallable.
 *
 *   npm run bench:context -- [--steps 20] [--result-kb 50] [--json out.json]
 */

import type { ModelRequest } from '@switchboard/core';
import { createWebMcpServer, runAgentLoop } from '@switchboard/core';
import { createScriptedModel } from '@switchboard/core/testing';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';

const args = readArgs();
const steps = Number(args.get('steps') ?? 20);
const resultBytes = Number(args.get('result-kb') ?? 50) * 1024;

function recordsOfAbout(bytes: number, step: number): string {
  const rows = [];
  for (let index = 0; JSON.stringify(rows).length < bytes; index++) {
    rows.push({
      id: `${step}-${index}`,
      city: `City ${index}`,
      population: 1000 + ((index * 7919) % 100000),
      lat: (index % 180) - 90,
      lng: (index % 360) - 180,
    });
  }
  return JSON.stringify(rows);
}

async function runSession(managed: boolean) {
  const server = createWebMcpServer('data', { description: 'Synthetic data source' });
  const results = new Map<string, string>();
  server.registerTool({
    name: 'fetch_page',
    description: 'Returns one page of records',
    inputSchema: { type: 'object', properties: { page: { type: 'integer' } }, required: ['page'] },
    execute: ({ page }) => {
      const text = recordsOfAbout(resultBytes, page as number);
      results.set(`toolu_${page}`, text);
      return text;
    },
  });
  const turns = Array.from({ length: steps }, (_, step) => ({
    toolCalls: [{ id: `toolu_${step}`, name: 'data_webmcp_fetch_page', input: { page: step } }],
  }));
  const model = createScriptedModel([...turns, { text: 'Summary of all pages.' }]);
  const result = await runAgentLoop('Read every page and summarize.', {
    provider: model,
    layers: [server.layer()],
    discovery: 'eager',
    limits: { maxIterations: steps + 1 },
    ...(managed ? {} : { compression: false, truncateResults: false }),
  });
  const last = model.requests.at(-1) as ModelRequest;
  const tokens =
    encode(last.system).length +
    encode(JSON.stringify(last.messages)).length +
    encode(JSON.stringify(last.tools)).length;
  return { tokens, result, results };
}

const uncompressed = await runSession(false);
const compressed = await runSession(true);

let recallable = 0;
for (const [id, text] of compressed.results) {
  if (compressed.result.session.results.get(id) === text) recallable++;
}

const ratio = compressed.tokens / uncompressed.tokens;
printTable([
  { mode: 'full history', steps, resultKB: resultBytes / 1024, lastCallTokens: uncompressed.tokens },
  { mode: 'truncate + compress', steps, resultKB: resultBytes / 1024, lastCallTokens: compressed.tokens },
]);
console.log(`\nratio compressed/uncompressed: ${(ratio * 100).toFixed(2)}% (target ≤ 10%)`);
console.log(`recallable: ${recallable}/${compressed.results.size} full results`);

await writeJsonIfAsked(args, {
  steps,
  resultBytes,
  uncompressedTokens: uncompressed.tokens,
  compressedTokens: compressed.tokens,
  ratio,
  recallable,
  results: compressed.results.size,
});
if (recallable !== compressed.results.size) process.exitCode = 1;
