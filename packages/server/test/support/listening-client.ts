import type { Client } from '@modelcontextprotocol/client';
import { expect, vi } from 'vitest';
import { type ChangedList, connectEndpoint } from './mcp-endpoint-client.ts';

/** An aggregate-mode client of a gateway's `/mcp` and the list changes it heard, in order. */
export interface ListeningClient {
  client: Client;
  heard: ChangedList[];
  /** Resolves once the client heard `count` changes of `list` in all. */
  hears(list: ChangedList, count?: number): Promise<void>;
}

/**
 * Connects an SDK client to `/mcp` in aggregate mode and lists its tools once (its tools/list now
 * shows every server's tools, so their changes concern it), recording every list change it hears.
 */
export async function connectListening(
  gatewayUrl: string,
  key: string,
  protocol: 'legacy' | 'auto',
): Promise<ListeningClient> {
  const heard: ChangedList[] = [];
  const client = await connectEndpoint(gatewayUrl, {
    key,
    mode: 'aggregate',
    protocol,
    onListChanged: (list) => heard.push(list),
  });
  await client.listTools();
  return {
    client,
    heard,
    hears: (list, count = 1) =>
      vi.waitFor(() => expect(heard.filter((each) => each === list).length).toBeGreaterThanOrEqual(count), {
        timeout: 10_000,
      }),
  };
}
