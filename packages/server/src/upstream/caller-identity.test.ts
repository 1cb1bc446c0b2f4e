import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpConnection } from '@switchboard/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningShippedServers, startShippedServers } from '../cli/start-shipped-servers.ts';
import { asCaller, authenticateCaller, CALLER_HEADER, GATEWAY_ITSELF_HEADER } from './caller-identity.ts';

const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('authenticateCaller', () => {
  const authenticate = authenticateCaller('s3cret');

  it('names the user of a request that carries the secret', () => {
    expect(authenticate(request({ authorization: 'Bearer s3cret', [CALLER_HEADER]: 'ann' }))).toMatchObject({
      extra: { userId: 'ann' },
    });
  });

  it('authenticates no one for a wrong or missing secret, or the secret naming no one', () => {
    expect(authenticate(request({ authorization: 'Bearer guess!', [CALLER_HEADER]: 'ann' }))).toBeUndefined();
    expect(authenticate(request({ [CALLER_HEADER]: 'ann' }))).toBeUndefined();
    expect(authenticate(request({ authorization: 'Bearer s3cret' }))).toBeUndefined();
    expect(
      authenticate(request({ authorization: 'Bearer guess!', [GATEWAY_ITSELF_HEADER]: '1' })),
    ).toBeUndefined();
  });

  it("sees the gateway itself, with no user, on the gateway's own requests", () => {
    expect(authenticate(request({ authorization: 'Bearer s3cret', [GATEWAY_ITSELF_HEADER]: '1' }))).toEqual({
      token: 's3cret',
      clientId: 'switchboard-gateway',
      scopes: [],
      extra: {},
    });
  });
});

describe('the shipped shop behind the gateway', () => {
  let dataDir: string;
  let shipped: RunningShippedServers;
  let shop: McpConnection;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-callers-'));
    shipped = await startShippedServers(['shop'], dataDir);
    const transport = shipped.builtins.get('shop');
    if (!transport) throw new Error('the shop did not start');
    shop = new McpConnection({ name: 'shop', transport, fetch: shipped.fetch });
  });
  afterAll(async () => {
    await shop?.close();
    await shipped?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (user: string, tool: string, args: Record<string, unknown>) =>
    JSON.parse(
      (await asCaller(user, () => shop.callTool(tool, args, { signal: AbortSignal.timeout(10_000) }))).text,
    ) as {
      items: Array<{ code: string; quantity: number }>;
      cart?: { items: Array<{ code: string; quantity: number }> };
    };

  it('keeps each user’s cart, whatever user a model names in the arguments', async () => {
    await call('ann', 'add_to_cart', { code: 'DAI-001', quantity: 2 });
    await call('bo', 'add_to_cart', { code: 'DAI-001', quantity: 1, user: 'ann' });

    expect((await call('ann', 'get_cart', {})).items).toEqual([
      expect.objectContaining({ code: 'DAI-001', quantity: 2 }),
    ]);
    expect((await call('bo', 'get_cart', { user: 'ann' })).items).toEqual([
      expect.objectContaining({ code: 'DAI-001', quantity: 1 }),
    ]);
  });
});
