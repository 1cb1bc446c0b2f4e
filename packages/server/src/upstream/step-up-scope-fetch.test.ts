import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestPglite } from '../../test/support/pglite-template.ts';
import type { Database } from '../storage/database.ts';
import { migrate } from '../storage/migrate.ts';
import { saveServerCredential } from '../store/server-credential-store.ts';
import { stepUpScopeOf } from '../store/step-up-scope-store.ts';
import { stepUpScopeFetch } from './step-up-scope-fetch.ts';

describe('stepUpScopeFetch', () => {
  let db: Database;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    db = await openTestPglite();
    await migrate(db);
    await db.query("INSERT INTO users (id, name, role) VALUES ('ann', 'Ann', 'user')");
    await db.query(
      `INSERT INTO mcp_servers (id, name, transport) VALUES ('srv_a', 'a', '{"type":"http","url":"http://127.0.0.1:9/mcp"}')`,
    );
    await saveServerCredential(db, 'ann', 'srv_a', { sealed: 'v1:x', hasTokens: true });
    // A resource server refusing every request for too little scope (MCP step-up).
    server = createServer((_request, response) => {
      response.writeHead(403, {
        'www-authenticate': 'Bearer error="insufficient_scope", scope="shop:checkout"',
        'content-type': 'application/json',
      });
      response.end('{"error":"insufficient_scope"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  });

  it('notes the scope the server asks for and hands its refusal on unchanged', async () => {
    const fetch = stepUpScopeFetch(globalThis.fetch, { db, userId: 'ann', serverId: 'srv_a' });
    const response = await fetch(url, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'insufficient_scope' });
    expect(await stepUpScopeOf(db, 'ann', 'srv_a')).toBe('shop:checkout');
  });

  it("still hands the server's refusal on when the scope cannot be noted", async () => {
    const closed = await openTestPglite();
    await closed.close();
    const fetch = stepUpScopeFetch(globalThis.fetch, { db: closed, userId: 'ann', serverId: 'srv_a' });
    const response = await fetch(url, { method: 'POST' });
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('insufficient_scope');
  });
});
