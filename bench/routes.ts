/**
 * bench:routes — what describing a route once (`apiRoute`, `http/api-route.ts`) costs a request:
 * the same POST, a JSON body validated against its schema and echoed, through a route mounted by
 * `mountRoutes` and through a plain Hono handler that calls `readBody` itself, side by side in one
 * process (interleaved rounds, in-process requests: no sockets), with their ratio.
 *
 *   npm run bench:routes -- [--rounds 30] [--batch 500] [--json out.json]
 */

import { SchemaValidator } from '@switchboard/core';
import { Hono } from 'hono';
import { apiRoute, mountRoutes, named } from '../packages/server/src/http/api-route.ts';
import { readBody } from '../packages/server/src/http/read-body.ts';
import type { GatewayEnv } from '../packages/server/src/services/gateway-services.ts';
import { printTable, readArgs, writeJsonIfAsked } from './bench-args.ts';
import { interleaved } from './measure.ts';

const args = readArgs();
const rounds = Number(args.get('rounds') ?? 30);
const batch = Number(args.get('batch') ?? 500);

const NoteSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['text'],
  properties: { text: { type: 'string', minLength: 1, maxLength: 200 }, pinned: { type: 'boolean' } },
} as const;
const services = { validator: new SchemaValidator(), limits: { maxBodyBytes: 1_000_000 } } as never;

const described = new Hono<GatewayEnv>();
mountRoutes(
  described,
  [
    apiRoute({
      method: 'post',
      path: '/notes/{id}',
      summary: 'Write a note',
      body: named('Note', NoteSchema),
      responses: {},
      async handle(c, { body }) {
        return c.json({ id: c.req.param('id'), ...(await body()) });
      },
    }),
  ],
  services,
);

const plain = new Hono<GatewayEnv>();
plain.post('/notes/:id', async (c) =>
  c.json({ id: c.req.param('id'), ...(await readBody<{ text: string }>(c, NoteSchema, services)) }),
);

const BODY = JSON.stringify({ text: 'milk and bread', pinned: true });
const EXPECTED = JSON.stringify({ id: 'n1', text: 'milk and bread', pinned: true });

async function post(app: Hono<GatewayEnv>): Promise<void> {
  const response = await app.request('/notes/n1', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': String(BODY.length) },
    body: BODY,
  });
  const text = await response.text();
  if (text !== EXPECTED) throw new Error(`unexpected answer ${response.status}: ${text}`);
}

const [hono, route] = await interleaved(
  [
    { name: 'plain Hono handler + readBody', run: () => post(plain) },
    { name: 'apiRoute + mountRoutes', run: () => post(described) },
  ],
  { warmup: 2_000, rounds, batch },
);
const rows = [hono, route].map((timing) => ({
  variant: timing.name,
  'median µs/request': timing.medianMicros.toFixed(1),
  'p10–p90 µs': `${timing.p10Micros.toFixed(1)}–${timing.p90Micros.toFixed(1)}`,
  'CPU µs/request': timing.cpuMicros.toFixed(1),
  'ratio to plain': (timing.medianMicros / hono.medianMicros).toFixed(3),
}));
printTable(rows);
await writeJsonIfAsked(args, { rounds, batch, timings: [hono, route] });
