import { describe, expect, it } from 'vitest';
import { AdminApiError, adminApi } from '../src/lib/workspace/admin/admin-api.ts';

/** A gateway that records each request and answers `answer` (JSON) with `status`. */
function recording(answer: unknown, status = 200) {
  const requests: Array<{ path: string; method: string; body?: unknown }> = [];
  const api = adminApi(async (path, init = {}) => {
    requests.push({
      path,
      method: init.method ?? 'GET',
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return { api, requests };
}

describe('the admin console client', () => {
  it("asks for usage by day, model, user or tool, the caller's or everyone's, over a range", async () => {
    const { api, requests } = recording({ items: [{ key: '2026-11-28', turns: 2 }], totals: { turns: 2 } });
    const { rows } = await api.usage('day', {}, { from: '2026-11-01' });
    expect(rows).toEqual([{ id: '2026-11-28', turns: 2 }]);
    await api.usage('user', { all: true }, { from: '2026-11-01', to: '2026-11-28' });
    await api.usage('model', { user: 'uma' });
    expect(requests.map((request) => request.path)).toEqual([
      '/usage?by=day&from=2026-11-01',
      '/usage?by=user&all=true&from=2026-11-01&to=2026-11-28',
      '/usage?by=model&user=uma',
    ]);
  });

  it('sends only the audit filters that have a value, and the page to read', async () => {
    const { api, requests } = recording({ items: [], next_cursor: null });
    await api.audit(
      { user: 'uma', server: '', tool: 'a&b', via: 'chat', outcome: '', from: '', to: '' },
      '42',
    );
    expect(requests[0].path).toBe('/audit?user=uma&tool=a%26b&via=chat&before=42&limit=50');
  });

  it('names users and keys in paths safely, and sends bodies as JSON', async () => {
    const { api, requests } = recording({ revoked: 'key/1' });
    await api.revokeKey('user 1', 'key/1');
    await api.changeUser('uma', { disabled: true });
    expect(requests).toEqual([
      { path: '/users/user%201/keys/key%2F1', method: 'DELETE' },
      { path: '/users/uma', method: 'PATCH', body: { disabled: true } },
    ]);
  });

  it("throws the gateway's own message with its status when it refuses", async () => {
    const { api } = recording(
      { success: false, error: { code: 'forbidden', message: 'only an administrator can list users' } },
      403,
    );
    const refusal = await api.users().catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AdminApiError);
    expect(refusal).toMatchObject({ status: 403, message: 'only an administrator can list users' });
  });
});
