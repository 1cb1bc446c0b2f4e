import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.ts';
import { queuedModel } from '../../../test/support/queued-model.ts';
import { missingReplicaService, startReplicaGateways } from '../../../test/support/replica-gateways.ts';
import { KEYS, startTestGateway, type TestGateway } from '../../../test/support/test-gateway.ts';

/** A promise and the function that settles it. */
function gate() {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

describe('users (administrators): create, change role, disable and enable', () => {
  let gw: TestGateway;
  const model = queuedModel();

  beforeAll(async () => {
    gw = await startTestGateway('pglite', { model });
  });
  afterAll(() => gw?.close());

  it('creates a user whose key works at once, lists them, and changes their role', async () => {
    const created = await gw.admin.post('/users', { name: 'Carol' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Carol', role: 'user', disabled: false });
    const carol = apiClient(gw.url, created.body.api_key);
    expect((await carol.get('/me')).body).toMatchObject({ id: created.body.id, role: 'user' });
    expect((await carol.get('/users')).status).toBe(403);

    const promoted = await gw.admin.patch(`/users/${created.body.id}`, { role: 'admin' });
    expect(promoted.body).toMatchObject({ role: 'admin', disabled: false });
    expect((await carol.get('/users')).status).toBe(200);

    const listed = (await gw.admin.get('/users')).body.items;
    expect(listed.map((user: { name: string }) => user.name)).toEqual(['Admin', 'Alice', 'Bob', 'Carol']);
    expect(JSON.stringify(listed)).not.toContain(created.body.api_key);
    await gw.admin.patch(`/users/${created.body.id}`, { role: 'user' });
    expect((await carol.get('/users')).status).toBe(403);
  });

  it("refuses a disabled user's key at once, and takes it again once they are enabled", async () => {
    const { body } = await gw.admin.post('/users', { name: 'Dave' });
    const dave = apiClient(gw.url, body.api_key);
    expect((await dave.get('/conversations')).status).toBe(200);

    const disabled = await gw.admin.patch(`/users/${body.id}`, { disabled: true });
    expect(disabled.body).toMatchObject({ id: body.id, disabled: true });
    const refused = await dave.get('/conversations');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('unauthorized');
    expect((await dave.get('/me')).status).toBe(401);
    expect((await gw.admin.get(`/users/${body.id}`)).body.disabled).toBe(true);

    await gw.admin.patch(`/users/${body.id}`, { disabled: false });
    expect((await dave.get('/conversations')).status).toBe(200);
  });

  it("stops a disabled user's running turn, and leaves other users' turns running", async () => {
    const { body } = await gw.admin.post('/users', { name: 'Erin' });
    const erin = apiClient(gw.url, body.api_key);
    const erinsConversation = (await erin.post('/conversations', {})).body.id;
    const bobsConversation = (await gw.bob.post('/conversations', {})).body.id;
    const bobsGate = gate();
    model.enqueue(
      { before: 'Working on it', wait: gate().wait, reply: { text: 'never sent' } },
      { before: 'Working on it', wait: bobsGate.wait, reply: { text: 'Done for Bob' } },
    );
    const erinsTurn = erin.post(`/conversations/${erinsConversation}/chat`, { content: 'Take your time' });
    await expect.poll(() => model.pending()).toBe(1);
    const bobsTurn = gw.bob.post(`/conversations/${bobsConversation}/chat`, { content: 'Me too' });
    await expect.poll(() => model.pending()).toBe(0);

    expect((await gw.admin.patch(`/users/${body.id}`, { disabled: true })).status).toBe(200);
    expect((await erinsTurn).body).toMatchObject({ stop_reason: 'aborted', message: 'Stopped' });
    expect((await gw.bob.get(`/conversations/${bobsConversation}`)).body.status).toBe('running');
    bobsGate.open();
    expect((await bobsTurn).body).toMatchObject({ stop_reason: 'end_turn' });
  });

  it('refuses a change that would leave no administrator, and bodies it cannot read', async () => {
    const last = await gw.admin.patch('/users/admin', { disabled: true });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_admin');
    expect((await gw.admin.patch('/users/admin', { role: 'user' })).status).toBe(409);
    expect((await gw.admin.get('/me')).status).toBe(200);

    const empty = await gw.admin.patch('/users/alice', {});
    expect(empty.status).toBe(400);
    const role = await gw.admin.patch('/users/alice', { role: 'owner' });
    expect(role.status).toBe(400);
    expect(role.body.error.message).toContain('role');
    expect((await gw.admin.patch('/users/nobody', { disabled: true })).status).toBe(404);
  });

  it('refuses every change to users from a user', async () => {
    expect((await gw.alice.patch('/users/bob', { disabled: true })).status).toBe(403);
    expect((await gw.alice.patch('/users/alice', { role: 'admin' })).status).toBe(403);
    expect((await gw.bob.get('/me')).status).toBe(200);
    expect((await gw.alice.get('/me')).body.role).toBe('user');
  });
});

describe('API keys (administrators): issue, list, revoke', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway('pglite', { model: queuedModel() });
  });
  afterAll(() => gw?.close());

  it('issues a named key shown once, lists keys without the key or its hash, and revokes one (401 after)', async () => {
    const issued = await gw.admin.post('/users/alice/keys', { name: 'laptop' });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ name: 'laptop', configured: false, last_used_at: null });
    expect(issued.body.api_key).toMatch(/^sk-sb-/);
    const laptop = apiClient(gw.url, issued.body.api_key);
    expect((await laptop.get('/me')).body.id).toBe('alice');

    const listed = await gw.admin.get('/users/alice/keys');
    expect(listed.body.items.map((key: { name: string }) => key.name)).toEqual(['configuration', 'laptop']);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(issued.body.api_key);
    expect(text).not.toContain(KEYS.alice);
    expect(text).not.toMatch(/[0-9a-f]{64}/);
    const used = listed.body.items.find((key: { id: string }) => key.id === issued.body.id);
    expect(used.last_used_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const revoked = await gw.admin.delete(`/users/alice/keys/${issued.body.id}`);
    expect(revoked.body).toEqual({ revoked: issued.body.id });
    expect((await laptop.get('/me')).status).toBe(401);
    expect((await gw.alice.get('/me')).status).toBe(200);
    expect((await gw.admin.get('/users/alice/keys')).body.items).toHaveLength(1);
  });

  it("keeps the configuration's keys to the configuration, and another user's key is not found", async () => {
    const [configured] = (await gw.admin.get('/users/alice/keys')).body.items;
    const refused = await gw.admin.delete(`/users/alice/keys/${configured.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('configured_key');
    expect((await gw.alice.get('/me')).status).toBe(200);

    const bobs = await gw.admin.post('/users/bob/keys', { name: 'bob ci' });
    expect((await gw.admin.delete(`/users/alice/keys/${bobs.body.id}`)).status).toBe(404);
    expect((await apiClient(gw.url, bobs.body.api_key).get('/me')).body.id).toBe('bob');
  });

  it('refuses users and bodies it cannot read', async () => {
    expect((await gw.alice.get('/users/alice/keys')).status).toBe(403);
    expect((await gw.alice.post('/users/alice/keys', { name: 'mine' })).status).toBe(403);
    expect((await gw.bob.delete('/users/alice/keys/key_x')).status).toBe(403);
    expect((await gw.admin.post('/users/alice/keys', {})).status).toBe(400);
    expect((await gw.admin.post('/users/alice/keys', { name: 'x'.repeat(101) })).status).toBe(400);
    expect((await gw.admin.post('/users/nobody/keys', { name: 'x' })).status).toBe(404);
  });
});

const unreachable = await missingReplicaService();

describe.skipIf(unreachable !== undefined)('users and keys across replicas (PostgreSQL and Redis)', () => {
  it('refuses a disabled user and a revoked key on the other replica at once, though it remembered them, and stops their turn running there', async () => {
    const model = queuedModel();
    const replicas = await startReplicaGateways('admin_users', {
      model,
      users: [
        { id: 'admin', name: 'Admin', role: 'admin', apiKey: KEYS.admin },
        { id: 'alice', name: 'Alice', role: 'user', apiKey: KEYS.alice },
      ],
    });
    try {
      const [a, b] = replicas.urls;
      const adminOnA = apiClient(a, KEYS.admin);
      const issued = await adminOnA.post('/users/alice/keys', { name: 'phone' });
      const phoneOnB = apiClient(b, issued.body.api_key);
      const aliceOnB = apiClient(b, KEYS.alice);
      // B remembers both keys (for 10 s unless told otherwise).
      expect((await phoneOnB.get('/me')).status).toBe(200);
      expect((await aliceOnB.get('/me')).status).toBe(200);

      await adminOnA.delete(`/users/alice/keys/${issued.body.id}`);
      await expect.poll(async () => (await phoneOnB.get('/me')).status, { timeout: 5_000 }).toBe(401);
      expect((await aliceOnB.get('/me')).status).toBe(200);

      const conversation = (await aliceOnB.post('/conversations', {})).body.id;
      model.enqueue({ before: 'Working on it', wait: gate().wait, reply: { text: 'never sent' } });
      const turnOnB = aliceOnB.post(`/conversations/${conversation}/chat`, { content: 'Take your time' });
      await expect.poll(() => model.pending()).toBe(0);

      await adminOnA.patch('/users/alice', { disabled: true });
      await expect.poll(async () => (await aliceOnB.get('/me')).status, { timeout: 5_000 }).toBe(401);
      expect((await turnOnB).body).toMatchObject({ stop_reason: 'aborted', message: 'Stopped' });
    } finally {
      await replicas.close();
    }
  });
});
