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

async function initialize(sessions: EndpointSessions, accept: string, server: Server): Promise<Response> {
  const request = new Request('http://gateway.test/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(INITIALIZE),
  });
  const read = await readJsonBody(request);
  if (read instanceof Response) throw new Error('expected a request');
  return sessions.handle(read, USER.id, endpointAuthInfo(USER), () => server);
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
});
