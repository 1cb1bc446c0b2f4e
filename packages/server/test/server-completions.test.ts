import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedModel } from './support/queued-model.ts';
import { startTestGateway, type TestGateway } from './support/test-gateway.ts';

const EVERYTHING = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
);
const TEMPLATE = 'demo://resource/dynamic/text/{resourceId}';

/** `POST /servers/{id}/complete`: the app's suggestions for a resource template's variables (server-everything over stdio). */
describe('completions of a server’s resource template variables', () => {
  let gw: TestGateway;
  let server: string;

  beforeAll(async () => {
    gw = await startTestGateway('pglite', { model: queuedModel(), allowCommandServers: true });
    const created = await gw.admin.post('/servers', {
      name: 'everything',
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
    });
    server = `/servers/${created.body.id}`;
  }, 60_000);

  afterAll(async () => {
    await gw?.close();
  });

  it('lists the template beside the resources, completes its variable, and reads the resource it names', async () => {
    const resources = await gw.alice.get(`${server}/resources`);
    expect(
      resources.body.templates.map((template: { uriTemplate: string }) => template.uriTemplate),
    ).toContain(TEMPLATE);
    const completed = await gw.alice.post(`${server}/complete`, {
      ref: { type: 'ref/resource', uri: TEMPLATE },
      argument: { name: 'resourceId', value: '42' },
      context: { arguments: {} },
    });
    expect(completed.status).toBe(200);
    expect(completed.body.completion.values).toEqual(['42']);
    const refused = await gw.alice.post(`${server}/complete`, {
      ref: { type: 'ref/resource', uri: TEMPLATE },
      argument: { name: 'resourceId', value: 'abc' },
    });
    expect(refused.body.completion.values).toEqual([]);
    const read = await gw.alice.post(`${server}/resources/read`, { uri: 'demo://resource/dynamic/text/42' });
    expect(read.body.contents[0].text).toContain('Resource 42');
  });

  it('refuses a body that is not a completion request', async () => {
    const missing = await gw.alice.post(`${server}/complete`, { ref: { type: 'ref/tool', name: 'x' } });
    expect(missing.status).toBe(400);
  });
});
