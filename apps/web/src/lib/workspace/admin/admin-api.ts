/**
 * The gateway API the usage page and the admin console read and change: usage, users and their API
 * keys, every user's servers, the approval policy and its preview, the audit trail. Every call goes
 * through the driver's authenticated request; a refusal throws an {@link AdminApiError} carrying the
 * gateway's own message.
 */

/** A request to the gateway as the signed-in person (the driver's `gatewayRequest`). */
export type GatewayRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** The caller. */
export interface Me {
  id: string;
  name: string;
  role: 'user' | 'admin';
  /** The gateway has no users (open access): the caller is its local administrator. */
  open_access?: true;
}

/** A cost in one currency. */
export interface Cost {
  amount: number;
  currency: string;
}

/** Token and call counts, summed. */
export interface UsageCounts {
  turns: number;
  input_tokens: number;
  output_tokens: number;
  cache_read_tokens: number;
  cache_write_tokens: number;
  model_calls: number;
  tool_calls: number;
  cost?: Cost;
}

/** One row of a usage breakdown by day, model or user; `id` is its key (the day, model or user id). */
export interface UsageRow extends UsageCounts {
  id: string;
  name?: string;
}

/** The calls of one tool; `id` is `server:tool`. */
export interface ToolUsageRow {
  id: string;
  server: string;
  tool: string;
  calls: number;
  not_ok: number;
}

/** Whose usage: the caller's, another user's (administrators), or everyone's (administrators). */
export type UsageWho = { user?: string; all?: boolean };

/** A user, as administrators see them. */
export interface AdminUser extends Me {
  disabled: boolean;
  created_at: string;
}

/** One of a user's API keys (never the key). */
export interface ApiKeyEntry {
  id: string;
  name: string;
  configured: boolean;
  created_at: string;
  last_used_at: string | null;
}

/** A server, as `GET /servers?all=true` lists it. */
export interface AdminServer {
  id: string;
  name: string;
  owner: string;
  shared: boolean;
  status: string;
  tool_count?: number;
}

/** What a policy does with a call. */
export type ApprovalAction = 'allow' | 'ask' | 'deny';

/** The deployment's approval policy (rules first, then annotation defaults, then the default). */
export interface ApprovalPolicy {
  rules?: Array<{ match: string; action: ApprovalAction }>;
  readOnly?: ApprovalAction;
  destructive?: ApprovalAction;
  defaultAction?: ApprovalAction;
}

/** One tool call in the audit trail. */
export interface AuditEntry {
  id: string;
  user_id: string;
  user_name: string | null;
  via: 'chat' | 'mcp' | 'direct';
  server: string;
  tool: string;
  outcome: string;
  elapsed_ms: number;
  error: string | null;
  created_at: string;
}

/** The audit trail's filters (empty strings are no filter). */
export interface AuditFilters {
  user?: string;
  server?: string;
  tool?: string;
  via?: string;
  outcome?: string;
  from?: string;
  to?: string;
}

/** A refusal or failure of the gateway, with its message. */
export class AdminApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'AdminApiError';
    this.status = status;
  }
}

/** The client of {@link GatewayRequest} for the usage page and the admin console. */
export function adminApi(request: GatewayRequest) {
  const json = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await request(path, init);
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string } }
      | undefined;
    if (!response.ok)
      throw new AdminApiError(
        response.status,
        body?.error?.message ?? `the gateway answered ${response.status}`,
      );
    return body as T;
  };
  const send = <T>(method: string, path: string, body?: unknown) =>
    json<T>(path, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const usageQuery = (by: string, who: UsageWho, range: { from?: string; to?: string }) =>
    query({ by, ...(who.all ? { all: 'true' } : {}), user: who.user, from: range.from, to: range.to });

  return {
    me: () => json<Me>('/me'),
    /** Usage rows by day, model or user, and their totals. */
    async usage(by: 'day' | 'model' | 'user', who: UsageWho, range: { from?: string; to?: string } = {}) {
      const answer = await json<{
        items: Array<UsageCounts & { key: string; name?: string }>;
        totals: UsageCounts;
      }>(`/usage${usageQuery(by, who, range)}`);
      return {
        rows: answer.items.map(({ key, ...row }): UsageRow => ({ id: key, ...row })),
        totals: answer.totals,
      };
    },
    /** Tool calls by tool. */
    async toolUsage(who: UsageWho, range: { from?: string; to?: string } = {}): Promise<ToolUsageRow[]> {
      const answer = await json<{ items: Array<Omit<ToolUsageRow, 'id'> & { key: string }> }>(
        `/usage${usageQuery('tool', who, range)}`,
      );
      return answer.items.map(({ key, ...row }) => ({ id: key, ...row }));
    },
    users: async () => (await json<{ items: AdminUser[] }>('/users')).items,
    createUser: (name: string, role: Me['role']) =>
      send<AdminUser & { api_key: string }>('POST', '/users', { name, role }),
    changeUser: (id: string, change: { role?: Me['role']; disabled?: boolean }) =>
      send<AdminUser>('PATCH', `/users/${encodeURIComponent(id)}`, change),
    keys: async (userId: string) =>
      (await json<{ items: ApiKeyEntry[] }>(`/users/${encodeURIComponent(userId)}/keys`)).items,
    issueKey: (userId: string, name: string) =>
      send<ApiKeyEntry & { api_key: string }>('POST', `/users/${encodeURIComponent(userId)}/keys`, { name }),
    revokeKey: (userId: string, keyId: string) =>
      send<{ revoked: string }>(
        'DELETE',
        `/users/${encodeURIComponent(userId)}/keys/${encodeURIComponent(keyId)}`,
      ),
    servers: async () => (await json<{ items: AdminServer[] }>('/servers?all=true')).items,
    shareServer: (id: string, shared: boolean) =>
      send<AdminServer>('PATCH', `/servers/${encodeURIComponent(id)}`, { shared }),
    policy: () => json<ApprovalPolicy>('/policy'),
    savePolicy: (policy: ApprovalPolicy) => send<ApprovalPolicy>('PUT', '/policy', policy),
    previewPolicy: (input: {
      server: string;
      tool: string;
      annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
      policy?: ApprovalPolicy;
    }) => send<{ action: ApprovalAction; subject: string }>('POST', '/policy/preview', input),
    audit: (filters: AuditFilters, before?: string) =>
      json<{ items: AuditEntry[]; next_cursor: string | null }>(
        `/audit${query({ ...filters, before, limit: '50' })}`,
      ),
  };
}

/** The admin client's type. */
export type AdminApi = ReturnType<typeof adminApi>;

/** A query string of the parameters that have a value (none: the empty string). */
function query(parameters: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
