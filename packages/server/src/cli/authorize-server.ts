import { serverId } from './client-commands.ts';
import type { GatewayClient } from './gateway-client.ts';

/** How long `authorizeServer` waits, and how often it asks. */
export interface AuthorizeWait {
  timeoutMs?: number;
  pollMs?: number;
}

/**
 * `switchboard servers authorize NAME`: starts connecting the caller to a server that authorizes
 * with OAuth, prints the page to open, and waits (polling `GET /servers`) until the gateway's own
 * callback has stored the tokens. Resolves whether it was connected in time (default 5 minutes).
 */
export async function authorizeServer(
  client: GatewayClient,
  server: string,
  out: NodeJS.WritableStream,
  { timeoutMs = 300_000, pollMs = 1_000 }: AuthorizeWait = {},
): Promise<boolean> {
  const id = await serverId(client, server);
  const { authorization_url } = await client.json<{ authorization_url: string }>(
    'POST',
    `/servers/${id}/authorize`,
    { bind: 'link' },
  );
  out.write(
    `Open this page in your browser to connect ${server} (the link works once, in the browser that opens it; do not share it):\n\n  ${authorization_url}\n\nWaiting for you to finish…\n`,
  );
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const { items } = await client.json<{ items: Array<{ id: string; authorization?: string }> }>(
      'GET',
      '/servers',
    );
    if (items.find((item) => item.id === id)?.authorization === 'connected') {
      out.write(`${server} is connected.\n`);
      return true;
    }
  }
  out.write(`${server} was not connected within ${Math.round(timeoutMs / 1000)} s; run the command again.\n`);
  return false;
}
