import {
  Client,
  type ListChangedHandlers,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';

/** Options of {@link connectEndpoint}. */
export interface EndpointClientOptions {
  key?: string;
  mode?: 'discovery' | 'aggregate';
  /** `legacy`: the 2025 handshake (sessions); default `auto` (2026-07-28 when the server offers it). */
  protocol?: 'auto' | 'legacy';
  /** Answers the gateway's elicitations (declares the capability). */
  elicit?: (message: string) => {
    action: 'accept' | 'decline';
    content?: Record<string, boolean | string | number>;
  };
  /** Called on `notifications/tools/list_changed`. */
  onToolsChanged?: () => void;
  /** Called on every `notifications/{tools,resources,prompts}/list_changed` at once (nothing is re-listed). */
  onListChanged?: (list: ChangedList) => void;
}

/** The lists whose changes a client hears of. */
export type ChangedList = 'tools' | 'resources' | 'prompts';

/** The SDK's own client, connected to a gateway's `/mcp` with an API key. */
export async function connectEndpoint(
  gatewayUrl: string,
  options: EndpointClientOptions = {},
): Promise<Client> {
  const url = new URL('/mcp', gatewayUrl);
  if (options.mode) url.searchParams.set('mode', options.mode);
  const client = new Client(
    { name: 'endpoint-test', version: '1.0.0' },
    {
      capabilities: options.elicit ? { elicitation: { form: {} } } : {},
      versionNegotiation: { mode: options.protocol ?? 'auto' },
      ...(options.onToolsChanged
        ? { listChanged: { tools: { onChanged: () => options.onToolsChanged?.() } } }
        : {}),
      ...(options.onListChanged ? { listChanged: listChangedHandlers(options.onListChanged) } : {}),
    },
  );
  if (options.elicit) {
    const answer = options.elicit;
    client.setRequestHandler('elicitation/create', async (request) => answer(request.params.message));
  }
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: options.key ? { headers: { authorization: `Bearer ${options.key}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

function listChangedHandlers(onListChanged: (list: ChangedList) => void): ListChangedHandlers {
  const handler = (list: ChangedList) => ({
    autoRefresh: false,
    debounceMs: 0,
    onChanged: () => onListChanged(list),
  });
  return { tools: handler('tools'), resources: handler('resources'), prompts: handler('prompts') };
}
