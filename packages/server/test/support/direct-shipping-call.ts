import { type ApiClient, readSse, type SseMessage } from './http-client.ts';

/**
 * A direct call of the test MCP server's `ask_shipping` (registered as `tools`) streamed through
 * `client`'s gateway; `onRequest` sees the request id of the form the call asks. Resolves with
 * every message of the stream.
 */
export async function directShippingCall(
  client: ApiClient,
  onRequest: (requestId: string) => void,
): Promise<SseMessage[]> {
  const servers = (await client.get('/servers')).body.items as Array<{ id: string; name: string }>;
  const toolsId = servers.find((server) => server.name === 'tools')?.id;
  return readSse(
    await client.fetch(`/servers/${toolsId}/tools/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ name: 'ask_shipping', arguments: {} }),
    }),
    (message) => {
      if (message.data.type === 'CUSTOM' && message.data.name === 'elicitation_request')
        onRequest(message.data.value.requestId);
      return false;
    },
  );
}
