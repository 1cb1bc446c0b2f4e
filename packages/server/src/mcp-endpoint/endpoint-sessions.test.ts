import { LATEST_PROTOCOL_VERSION, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { endpointAuthInfo } from './authenticate-endpoint.ts';
import { EndpointSessions } from './endpoint-sessions.ts';
import { readJsonBody } from './read-json-body.ts';

const USER = { id: 'u1', name: 'One', role: 'user' as const };
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: LATEST_PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
};

async function initialize(
  sessions: EndpointSessions,
  accept: string,
  server: Server,
  user = USER,
): Promise<Response> {
  const request = new Request('http://gateway.test/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(INITIALIZE),
  });
  const read = await readJsonBody(request);
  if (read instanceof Response) throw new Error('expected a request');
  return sessions.handle(read, user.id, endpointAuthInfo(user), () => server);
}

describe('EndpointSessions', () => {
  it('closes the server of an initialize the transport refused, so nothing keeps it', async () => {
    const sessions = new EndpointSessions();
    const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
    let closed = false;
    server.onclose = () => {
      closed = true;
    };
    const response = await initialize(sessions, 'application/json', server);
    expect(response.status).toBe(406);
    expect(closed).toBe(true);
  });

  it('keeps the server of a session that opened', async () => {
    const sessions = new EndpointSessions();
    const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
    let closed = false;
    server.onclose = () => {
      closed = true;
    };
    const response = await initialize(sessions, 'application/json, text/event-stream', server);
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    await response.body?.cancel();
    expect(closed).toBe(false);
    await sessions.close();
    expect(closed).toBe(true);
  });

  it("caps sessions per user: a user's new session closes only their own oldest, never another user's", async () => {
    const sessions = new EndpointSessions({ perUser: 2, total: 10 });
    const open = async (user: typeof USER) => {
      const server = new Server({ name: 'gateway', version: '1' }, { capabilities: {} });
      const state = { closed: false };
      server.onclose = () => {
        state.closed = true;
      };
      const response = await initialize(sessions, 'application/json, text/event-stream', server, user);
      expect(response.status).toBe(200);
      await response.body?.cancel();
      return state;
    };
    const bob = { id: 'bob', name: 'Bob', role: 'user' as const };
    const bobs = await open(bob);
    const alices = [];
    for (let i = 0; i < 6; i++) alices.push(await open(USER));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(bobs.closed).toBe(false);
    expect(alices.map((state) => state.closed)).toEqual([true, true, true, true, false, false]);
    await sessions.close();
  });

  it('refuses a new session once the replica holds its total, closing nobody', async () => {
    const sessions = new EndpointSessions({ perUser: 5, total: 2 });
    const servers = [0, 1, 2].map(() => new Server({ name: 'gateway', version: '1' }, { capabilities: {} }));
    const users = ['a', 'b', 'c'].map((id) => ({ id, name: id, role: 'user' as const }));
    const accept = 'application/json, text/event-stream';
    for (const index of [0, 1]) {
      const opened = await initialize(sessions, accept, servers[index], users[index]);
      await opened.body?.cancel();
    }
    const refused = await initialize(sessions, accept, servers[2], users[2]);
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.message).toMatch(/as many MCP sessions/);
    await sessions.close();
  });
});
