import { randomBytes } from 'node:crypto';
import type { JsonSchema } from '@switchboard/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longestEventLoopLag } from '../../core/test/support/event-loop-lag.ts';
import { buildOpenApiDocument } from '../src/http/openapi-document.ts';
import { queuedModel } from './support/queued-model.ts';
import { schemaArbitrary } from './support/schema-arbitrary.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** Inputs tried per JSON route (`FUZZ_RUNS` for a longer run on demand). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** The event-loop lag the issue allows while one user's input is processed. */
const MAX_LAG_MS = 100;
/** Routes only administrators may call: fuzzed as the administrator, so the body is what is tested. */
const ADMIN_ROUTES = new Set([
  'PUT /policy',
  'POST /policy/preview',
  'POST /users',
  'PATCH /users/{id}',
  'POST /users/{id}/keys',
  'PATCH /servers/{id}',
]);

interface Operation {
  route: string;
  method: string;
  template: string;
  schema: JsonSchema;
}

/**
 * A fuzz pass over every route of the OpenAPI document that takes a JSON body: inputs generated
 * from the route's own schema (valid, nearly valid, and arbitrary JSON), and malformed or oversized
 * text, sent by a signed-in user on ids of their own. No input may get a 500 or take the gateway
 * down, and the event loop never stalls past {@link MAX_LAG_MS} while they are handled.
 */
describe('a fuzz pass over every JSON route (fast-check from the route schemas)', () => {
  let gw: TestGateway;
  let mcp: TestMcpServer;
  const document = buildOpenApiDocument() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>
    >;
    components: { schemas: Record<string, JsonSchema> };
  };
  const operations: Operation[] = Object.entries(document.paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const schema = operation?.requestBody?.content?.['application/json']?.schema;
      if (!schema || template === '/mcp') return [];
      return [
        { route: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), template, schema },
      ];
    }),
  );

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      secretKey: randomBytes(32),
      allowPrivateNetworks: true,
      serverConnectTimeoutMs: 1_000,
      servers: [{ name: 'tools', url: mcp.url }],
      limits: { requestsPerMinute: 0 },
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
  });

  it('answers every generated input with a deliberate status, never 500, and keeps the event loop moving', async () => {
    const conversation = (await gw.alice.post('/conversations', {})).body.id as string;
    const server = (await gw.alice.post('/servers', { name: 'alices', url: mcp.url })).body.id as string;
    const path = (template: string) =>
      template
        .replace(
          '{id}',
          template.startsWith('/servers') ? server : template.startsWith('/users') ? 'bob' : conversation,
        )
        .replace('{requestId}', 'req_unknown');
    // Anything the gateway would dial points at a closed loopback port: nothing leaves the machine.
    const overrides = { url: fc.constantFrom('http://127.0.0.1:9/mcp', 'ftp://x', 'not a url') };
    const malformed = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"a":',
        '[]'.repeat(5_000),
        `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
        '\u0000',
      ),
      fc.constant(JSON.stringify({ content: 'x'.repeat(2 * 1024 * 1024) })),
    );
    const figures: Array<{ route: string; inputs: number; statuses: string; worstLagMs: number }> = [];
    let tried = 0;
    const failures: string[] = [];
    for (const operation of operations) {
      const key = ADMIN_ROUTES.has(operation.route) ? KEYS.admin : KEYS.alice;
      const statuses = new Map<number, number>();
      const bodies = fc.sample(
        fc.oneof(
          {
            weight: 4,
            arbitrary: schemaArbitrary(operation.schema, {
              components: document.components.schemas,
              overrides,
            }).map((value) => JSON.stringify(value)),
          },
          { weight: 1, arbitrary: malformed },
        ),
        { numRuns: RUNS, seed: 20_261_128 },
      );
      const send = async (body: string) => {
        const response = await fetch(`${gw.url}${path(operation.template)}`, {
          method: operation.method,
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body,
        });
        await response.body?.cancel();
        return response.status;
      };
      const worstLagMs = await longestEventLoopLag(async () => {
        for (const body of bodies) {
          const status = await send(body);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 500) failures.push(`${operation.route} ${status} with ${body.slice(0, 300)}`);
        }
      });
      tried += bodies.length;
      figures.push({
        route: operation.route,
        inputs: bodies.length,
        statuses: [...statuses].map(([status, count]) => `${status}×${count}`).join(' '),
        worstLagMs: Math.round(worstLagMs),
      });
    }
    console.table(figures);
    console.log(
      `fuzz: ${operations.length} routes, ${tried} inputs, ${failures.length} answered 500, worst event-loop lag ${Math.max(...figures.map((f) => f.worstLagMs))} ms`,
    );
    expect(failures).toEqual([]);
    expect((await fetch(`${gw.url}/health`)).status).toBe(200);
    for (const { route, worstLagMs } of figures) expect(worstLagMs, route).toBeLessThan(MAX_LAG_MS);
  }, 600_000);
});
