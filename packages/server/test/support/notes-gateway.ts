import { InMemoryTransport } from '@modelcontextprotocol/client';
import { Server } from '@modelcontextprotocol/server';
import type { McpTransportConfig } from '@switchboard/core';
import { queuedModel } from './queued-model.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';

/** A resource the notes server offers. */
export interface Note {
  uri: string;
  name: string;
  mimeType?: string;
}

/** A test gateway whose one server, `notes` (in memory), offers resources clients may subscribe to. */
export interface NotesGateway {
  gw: TestGateway;
  /**
   * What the notes server was asked, in order: `subscribe {uri}` and `unsubscribe {uri}`, and with
   * `recordLists` also `resources/list` and `resources/templates/list`.
   */
  requests: string[];
  /** Has every connection of the notes server tell the gateway that `uri` was updated. */
  updated(uri: string): Promise<void>;
}

/**
 * Starts a test gateway (PGlite) whose one built-in server, `notes`, offers `resources` with
 * subscriptions and records the requests it gets; with `recordLists` it also answers (and records)
 * resource template lists.
 */
export async function startNotesGateway(
  resources: Note[],
  { recordLists = false }: { recordLists?: boolean } = {},
): Promise<NotesGateway> {
  const requests: string[] = [];
  const servers: Server[] = [];
  const notesServer = () => {
    const server = new Server(
      { name: 'notes', version: '1.0.0' },
      { capabilities: { tools: {}, resources: { subscribe: true } } },
    );
    server.setRequestHandler('tools/list', () => ({ tools: [] }));
    server.setRequestHandler('resources/list', () => {
      if (recordLists) requests.push('resources/list');
      return { resources };
    });
    if (recordLists) {
      server.setRequestHandler('resources/templates/list', () => {
        requests.push('resources/templates/list');
        return { resourceTemplates: [] };
      });
    }
    server.setRequestHandler('resources/subscribe', ({ params }) => {
      requests.push(`subscribe ${params.uri}`);
      return {};
    });
    server.setRequestHandler('resources/unsubscribe', ({ params }) => {
      requests.push(`unsubscribe ${params.uri}`);
      return {};
    });
    servers.push(server);
    return server;
  };
  const open = async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await notesServer().connect(serverSide);
    return clientSide;
  };
  const gw = await startTestGateway('pglite', {
    model: queuedModel(),
    servers: [{ name: 'notes', builtin: 'notes' }],
    builtins: new Map<string, McpTransportConfig>([['notes', { type: 'in-memory', transport: open }]]),
  });
  return {
    gw,
    requests,
    updated: async (uri) => {
      await Promise.all(servers.map((server) => server.sendResourceUpdated({ uri }).catch(() => undefined)));
    },
  };
}
