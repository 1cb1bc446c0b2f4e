/**
 * The gateway API the Servers tab reads and changes: the servers the person may use, adding one by
 * URL or from the operator's MCP Registry, removing their own, and which servers and tools the open
 * conversation offers the model. Every call goes through the driver's authenticated request; a
 * refusal throws a {@link ServersApiError} carrying the gateway's own message.
 */

/** A request to the gateway as the signed-in person (the driver's `gatewayRequest`). */
export type GatewayRequest = (path: string, init?: RequestInit) => Promise<Response>;

/** A server the person may use, as `GET /servers` shows it (secrets masked). */
export interface ServerSummary {
  id: string;
  name: string;
  description?: string | null;
  /** `deployment`, `you`, or (administrators) the owner's id. */
  owner: string;
  transport: { type: string; url?: string; headers?: Record<string, string>; command?: string };
  enabled: boolean;
  shared?: boolean;
  status: 'connected' | 'idle' | 'error' | 'stopped' | 'unavailable';
  authorization: 'connected' | 'required' | 'not_needed';
  error?: string;
  tool_count?: number;
}

/** A tool of a running server, and whether the open conversation offers it. */
export interface ConversationTool {
  server_id: string;
  server: string;
  tool_name: string;
  title?: string;
  description: string;
  enabled: boolean;
}

/** One entry of a conversation's enabled list (`*`: every tool of the server). */
export interface EnabledTool {
  server_id: string;
  tool_name: string;
}

/** A value the person fills in to add a registry server. */
export interface RegistryField {
  key: string;
  label: string;
  description?: string;
  required: boolean;
  secret: boolean;
  default?: string;
  choices?: string[];
}

/** One way to add a registry server: a remote, or a package run as a command. */
export interface RegistryOption {
  kind: 'remote' | 'package';
  index: number;
  summary: string;
  fields: RegistryField[];
  addable: boolean;
  reason?: string;
}

/** A server of the MCP Registry. */
export interface RegistryServer {
  name: string;
  title?: string;
  description: string;
  version: string;
  website_url?: string;
  repository_url?: string;
  options: RegistryOption[];
}

/** A page of the registry. */
export interface RegistryPage {
  items: RegistryServer[];
  next_cursor?: string;
}

/** A server to add by URL: headers are sent once, stored encrypted and never shown back. */
export interface UrlServer {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

/** The gateway refused a request; the message is its own. */
export class ServersApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ServersApiError';
    this.status = status;
    this.code = code;
  }
}

/** The calls of the Servers tab. */
export interface ServersApi {
  /** The signed-in person's role. */
  me(): Promise<{ role: 'user' | 'admin' }>;
  list(): Promise<ServerSummary[]>;
  addByUrl(server: UrlServer): Promise<ServerSummary>;
  remove(id: string): Promise<void>;
  conversationTools(conversationId: string): Promise<{ tools: ConversationTool[]; enabled: EnabledTool[] }>;
  enable(conversationId: string, entry: EnabledTool): Promise<void>;
  disable(conversationId: string, entry: EnabledTool): Promise<void>;
  searchRegistry(search: string, cursor?: string): Promise<RegistryPage>;
  addFromRegistry(choice: {
    name: string;
    version: string;
    option: 'remote' | 'package';
    index: number;
    values: Record<string, string>;
    server_name?: string;
  }): Promise<ServerSummary>;
}

/** The Servers tab's calls through `request`. */
export function serversApi(request: GatewayRequest): ServersApi {
  const json = async <T>(path: string, init?: RequestInit): Promise<T> => {
    const response = await request(path, {
      ...init,
      headers: { 'content-type': 'application/json', ...init?.headers },
    });
    const body = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string };
    };
    if (!response.ok)
      throw new ServersApiError(
        response.status,
        body.error?.code ?? 'error',
        body.error?.message ?? `the gateway answered ${response.status}`,
      );
    return body as T;
  };
  const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });
  const conversation = (id: string) => `/conversations/${encodeURIComponent(id)}/tools`;
  return {
    me: () => json<{ role: 'user' | 'admin' }>('/me'),
    async list() {
      return (await json<{ items: ServerSummary[] }>('/servers')).items;
    },
    addByUrl: (server) => json<ServerSummary>('/servers', post(server)),
    async remove(id) {
      await json(`/servers/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },
    async conversationTools(id) {
      const [available, enabled] = await Promise.all([
        json<{ items: ConversationTool[] }>(`${conversation(id)}/available`),
        json<{ items: EnabledTool[] }>(conversation(id)),
      ]);
      return { tools: available.items, enabled: enabled.items };
    },
    async enable(id, entry) {
      await json(conversation(id), post(entry));
    },
    async disable(id, entry) {
      await json(
        `${conversation(id)}/${encodeURIComponent(entry.server_id)}/${encodeURIComponent(entry.tool_name)}`,
        { method: 'DELETE' },
      );
    },
    searchRegistry(search, cursor) {
      const query = new URLSearchParams();
      if (search) query.set('search', search);
      if (cursor) query.set('cursor', cursor);
      return json<RegistryPage>(`/registry/servers${query.size > 0 ? `?${query}` : ''}`);
    },
    addFromRegistry: (choice) => json<ServerSummary>('/registry/servers/add', post(choice)),
  };
}
