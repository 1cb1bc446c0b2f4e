import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../src/http/openapi-document.ts';
import {
  type LocalMcpRegistry,
  NPM_WEATHER_ENTRY,
  startLocalMcpRegistry,
} from './support/local-mcp-registry.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

/** Who calls a route: nobody, a page of another site, the owner (alice), another user on alice's ids, an administrator. */
const ROLES = ['none', 'foreign', 'alice', 'bob', 'admin'] as const;
type Role = (typeof ROLES)[number];

/** The statuses one route answers each role with. */
type Row = Record<Role, number>;

/** A route every signed-in user may call with ids of their own: no credentials 401, another site 403. */
const user = (alice: number, bob: number, admin = bob): Row => ({
  none: 401,
  foreign: 403,
  alice,
  bob,
  admin,
});
/** A route for administrators only. */
const adminOnly = (admin: number): Row => ({ none: 401, foreign: 403, alice: 403, bob: 403, admin });
/** A route without credentials; still refused to another site's page or host. */
const open = (status: number): Row => ({
  none: status,
  foreign: 403,
  alice: status,
  bob: status,
  admin: status,
});

/**
 * The authorization matrix: every route of the OpenAPI document, each role, the status it answers.
 * Bodies are `{}` (so a route that accepts the caller answers 400 for the missing fields rather than
 * doing anything), ids are alice's. A route without a row here, or a route the gateway serves that
 * the document does not describe, fails the suite: every new route needs a decision.
 */
const MATRIX: Record<string, Row> = {
  'GET /health': { ...open(200), foreign: 200 },
  // Probes address a replica by its IP: any host, no credentials; it says only whether the replica takes requests.
  'GET /ready': { ...open(200), foreign: 200 },
  'GET /openapi.json': open(200),
  'GET /auth/sign-in-config': open(204),
  'GET /.well-known/oauth-protected-resource/mcp': open(200),
  'GET /oauth/callback': open(400),
  'GET /oauth/start/{key}': open(400),
  'POST /mcp': user(400, 400),
  'GET /mcp': user(400, 400),
  'DELETE /mcp': user(400, 400),
  'GET /me': user(200, 200),
  'GET /models': user(200, 200),
  'GET /usage': user(200, 200),
  'GET /policy': user(200, 200),
  'PUT /policy': adminOnly(200),
  'GET /users': adminOnly(200),
  'POST /users': adminOnly(400),
  'GET /users/{id}': adminOnly(200),
  'PATCH /users/{id}': adminOnly(400),
  'GET /users/{id}/keys': adminOnly(200),
  'POST /users/{id}/keys': adminOnly(400),
  // No such key of alice's.
  'DELETE /users/{id}/keys/{keyId}': adminOnly(404),
  'POST /policy/preview': adminOnly(400),
  'GET /audit': adminOnly(200),
  'POST /chat/v1/conversation': user(400, 400),
  'GET /conversations': user(200, 200),
  'POST /conversations': user(201, 201),
  'GET /conversations/{id}': user(200, 404),
  'PATCH /conversations/{id}': user(200, 404),
  'DELETE /conversations/{id}': user(200, 404),
  'GET /conversations/{id}/messages': user(200, 404),
  // The body is checked first: `{}` is refused before anyone's conversation is looked at.
  'POST /conversations/{id}/messages': user(400, 400),
  'DELETE /conversations/{id}/messages/{messageId}': user(200, 404),
  'GET /conversations/{id}/tools/available': user(200, 404),
  'GET /conversations/{id}/tools': user(200, 404),
  'POST /conversations/{id}/tools': user(400, 400),
  // Alice's tool was never enabled: 404 for her as for the others.
  'DELETE /conversations/{id}/tools/{serverId}/{toolName}': user(404, 404),
  'POST /conversations/{id}/chat': user(400, 400),
  'POST /conversations/{id}/tool-results': user(400, 400),
  'GET /conversations/{id}/approvals': user(200, 404),
  'POST /conversations/{id}/approvals': user(400, 400),
  'POST /conversations/{id}/stop': user(200, 404),
  'GET /conversations/{id}/stream': user(200, 404),
  'GET /conversations/{id}/canvas': user(200, 404),
  'POST /conversations/{id}/elicitations/{requestId}': user(400, 400),
  'POST /conversations/{id}/sampling/{requestId}': user(400, 400),
  'GET /servers': user(200, 200),
  'POST /servers': user(400, 400),
  'GET /servers/{id}': user(200, 404, 200),
  'PATCH /servers/{id}': { none: 401, foreign: 403, alice: 403, bob: 403, admin: 400 },
  'DELETE /servers/{id}': user(200, 404, 200),
  'POST /servers/{id}/start': user(200, 404, 200),
  'POST /servers/{id}/stop': user(200, 404, 200),
  'GET /servers/{id}/tools': user(200, 404),
  'POST /servers/{id}/tools/call': user(400, 404),
  'POST /servers/tool-calls/elicitations/{requestId}': user(400, 400),
  'GET /servers/{id}/prompts': user(200, 404),
  'POST /servers/{id}/prompts/get': user(400, 400),
  'GET /servers/{id}/resources': user(200, 404),
  'POST /servers/{id}/resources/read': user(400, 400),
  'POST /servers/{id}/complete': user(400, 400),
  'POST /servers/{id}/authorize': user(409, 404),
  'DELETE /servers/{id}/authorization': user(409, 404),
  // Anyone may browse the operator's registry; adding checks the body first, then who may add what (mcp-registry.security.test.ts).
  'GET /registry/servers': user(200, 200),
  'POST /registry/servers/add': user(400, 400),
};

/**
 * Valid bodies for the routes that check the body before the ids (the matrix sends `{}`): with
 * them, another user and an administrator on alice's ids must get 404, whatever the route does.
 */
const VALID_BODIES: Record<string, unknown> = {
  'POST /conversations/{id}/messages': { role: 'user', content: 'from someone else' },
  'POST /conversations/{id}/tools': { server_id: 'srv_x', tool_name: '*' },
  'POST /conversations/{id}/chat': { content: 'hello' },
  'POST /conversations/{id}/tool-results': { results: [{ call_id: 'call_1', content: 'done' }] },
  'POST /conversations/{id}/approvals': { call_id: 'call_1', decision: 'approve' },
  'POST /conversations/{id}/elicitations/{requestId}': { action: 'decline' },
  'POST /conversations/{id}/sampling/{requestId}': { decision: 'deny' },
  'POST /servers/{id}/tools/call': { name: 'echo', arguments: { text: 'x' } },
  'POST /servers/{id}/prompts/get': { name: 'any' },
  'POST /servers/{id}/resources/read': { uri: 'file:///etc/hosts' },
  'POST /servers/{id}/complete': {
    ref: { type: 'ref/prompt', name: 'any' },
    argument: { name: 'a', value: '' },
  },
};

/** What must never appear in an answer to anyone but alice. */
const ALICES_SECRET = 'alice-secret-7f3a';

describe('the authorization matrix: every route × {no credentials, another site, owner, another user, admin}', () => {
  let gw: TestGateway;
  let mcp: TestMcpServer;
  let registry: LocalMcpRegistry;
  let made = 0;
  const documented = Object.entries(
    buildOpenApiDocument().paths as Record<string, Record<string, unknown>>,
  ).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

  beforeAll(async () => {
    mcp = await startTestMcpServer();
    registry = await startLocalMcpRegistry([NPM_WEATHER_ENTRY]);
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      registryUrl: registry.url,
      allowPrivateNetworks: true,
      secretKey: randomBytes(32),
      servers: [{ name: 'tools', url: mcp.url }],
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.close();
    await mcp?.close();
    await registry?.close();
  });

  /** Fresh ids of alice's for one route: a conversation with a message, and a server of hers. */
  const fixtures = async () => {
    made += 1;
    const conversation = await gw.alice.post('/conversations', { title: `${ALICES_SECRET} ${made}` });
    const message = await gw.alice.post(`/conversations/${conversation.body.id}/messages`, {
      role: 'user',
      content: ALICES_SECRET,
    });
    const server = await gw.alice.post('/servers', { name: `alices-${made}`, url: mcp.url });
    expect([conversation.status, message.status, server.status]).toEqual([201, 201, 201]);
    return { conversation: conversation.body.id, message: message.body.id, server: server.body.id };
  };

  const concrete = (path: string, ids: Awaited<ReturnType<typeof fixtures>>) =>
    path
      .replace(
        '{id}',
        path.startsWith('/servers') ? ids.server : path.startsWith('/users') ? 'alice' : ids.conversation,
      )
      .replace('{messageId}', ids.message)
      .replace('{serverId}', ids.server)
      .replace('{toolName}', 'echo')
      .replace('{requestId}', 'req_unknown')
      .replace('{keyId}', 'key_unknown')
      .replace('{key}', 'unknown-key');

  const call = (role: Role, method: string, path: string, json: unknown = {}) => {
    const { hostname, port } = new URL(gw.url);
    const key = role === 'none' ? undefined : role === 'foreign' ? KEYS.alice : KEYS[role];
    const headers: Record<string, string> = {
      accept: path === '/mcp' ? 'application/json, text/event-stream' : 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(role === 'foreign'
        ? { host: `rebind.attacker.example:${port}`, origin: 'http://rebind.attacker.example' }
        : {}),
    };
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? JSON.stringify(json) : undefined;
    if (body) headers['content-type'] = 'application/json';
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const sent = request({ hostname, port, path, method, headers, timeout: 10_000 }, (response) => {
        const status = response.statusCode ?? 0;
        if (String(response.headers['content-type']).startsWith('text/event-stream')) {
          response.destroy();
          resolve({ status, text: '' });
          return;
        }
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on('end', () => resolve({ status, text }));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  };

  it('describes every route the gateway serves, and decides every route it describes', () => {
    const served = new Set(
      gw.gateway.app.routes
        .filter((route) => route.path !== '/*' && route.path !== '/api/*')
        .flatMap((route) => {
          const path = route.path.replace(/^\/api(?=\/)/, '').replace(/:(\w+)/g, '{$1}');
          return route.method === 'ALL'
            ? ['GET', 'POST', 'DELETE'].map((m) => `${m} ${path}`)
            : [`${route.method} ${path}`];
        }),
    );
    expect(
      [...served].filter((route) => !documented.includes(route)),
      'served but not in the OpenAPI document',
    ).toEqual([]);
    expect(
      documented.filter((route) => !(route in MATRIX)),
      'in the OpenAPI document without a row',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((route) => !documented.includes(route)),
      'rows of no route',
    ).toEqual([]);
  });

  it('answers each role as the matrix says, and never shows alice’s data to anyone else', async () => {
    const answered: Record<string, Row> = {};
    for (const route of documented) {
      const [method, template] = route.split(' ');
      const row = {} as Row;
      // Routes that remove or change what they name get fresh ids for each caller; the rest share.
      const changes = method === 'DELETE' || /\/(start|stop)$/.test(template);
      let ids = await fixtures();
      for (const role of ['none', 'foreign', 'bob', 'admin', 'alice'] as const) {
        if (changes && role !== 'none') ids = await fixtures();
        const { status, text } = await call(role, method, concrete(template, ids));
        row[role] = status;
        if (role !== 'alice' && status < 300)
          expect(text, `${route} as ${role}`).not.toContain(ALICES_SECRET);
      }
      answered[route] = row;
      for (const { id, owner } of (await gw.admin.get('/servers?all=true')).body.items)
        if (owner === 'alice') await gw.admin.delete(`/servers/${id}`);
    }
    expect(answered).toEqual(MATRIX);
  }, 240_000);

  it("answers another user and an administrator 404 on alice's ids with valid bodies, and changes nothing of hers", async () => {
    for (const [route, json] of Object.entries(VALID_BODIES)) {
      const [method, template] = route.split(' ');
      const ids = await fixtures();
      for (const role of ['bob', 'admin'] as const)
        expect((await call(role, method, concrete(template, ids), json)).status, `${route} as ${role}`).toBe(
          404,
        );
      const messages = await gw.alice.get(`/conversations/${ids.conversation}/messages`);
      expect(messages.body.items.map((item: { content: string }) => item.content)).toEqual([ALICES_SECRET]);
    }
  });
});
