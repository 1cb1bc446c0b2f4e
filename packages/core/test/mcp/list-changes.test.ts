import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import {
  listen,
  type McpNodeHandler,
  modernHandler,
  type RunningHttpServer,
  sessionfulHandler,
} from '../fixtures/http-servers.ts';

/** The resources and prompts the server offers; tests add to them at run time. */
interface Offered {
  resources: string[];
  prompts: string[];
}

/** A server offering the resources and prompts named in `offered` (one instance per session or request). */
function offeringServer(offered: Offered): McpServer {
  const server = new McpServer({ name: 'changing', version: '1.0.0' });
  for (const name of offered.resources) addResource(server, name);
  for (const name of offered.prompts) addPrompt(server, name);
  return server;
}

function addResource(server: McpServer, name: string): void {
  server.registerResource(name, `test://${name}`, { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: name }],
  }));
}

function addPrompt(server: McpServer, name: string): void {
  server.registerPrompt(name, { description: `The ${name} prompt.` }, async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: name } }],
  }));
}

/** A served fixture, and how it announces that its resources or prompts changed. */
interface Serving {
  handler: McpNodeHandler;
  /** Announces a change of `kind`; `add` registers the new item on a live server instance. */
  announce(kind: 'resources' | 'prompts', add: (server: McpServer) => void): void;
}

/**
 * How each era's server announces a change: a 2025 session's server sends the notification itself
 * when something is registered on it; the 2026 stateless entry publishes it on its listen streams.
 */
const eras = [
  {
    era: '2025 sessions',
    serve: (offered: Offered): Serving => {
      const live: McpServer[] = [];
      const handler = sessionfulHandler(() => {
        const server = offeringServer(offered);
        live.push(server);
        return server;
      });
      return {
        handler,
        announce: (_kind, add) => {
          for (const server of live) if (server.isConnected()) add(server);
        },
      };
    },
  },
  {
    era: '2026-07-28 stateless',
    serve: (offered: Offered): Serving => {
      const handler = modernHandler(() => offeringServer(offered));
      return {
        handler,
        announce: (kind) => {
          if (kind === 'resources') handler.notify.resourcesChanged();
          else handler.notify.promptsChanged();
        },
      };
    },
  },
];

describe.each(eras)('McpConnection hears list changes from a $era server', ({ serve }) => {
  const offered: Offered = { resources: ['first'], prompts: ['greet'] };
  let serving: Serving;
  let server: RunningHttpServer;
  const connections: McpConnection[] = [];
  const connect = () => {
    const connection = new McpConnection({
      name: 'changing',
      timeoutMs: 5_000,
      transport: { type: 'http', url: server.url },
    });
    connections.push(connection);
    return connection;
  };

  beforeAll(async () => {
    serving = serve(offered);
    server = await listen(serving.handler.handle);
  });
  afterEach(async () => {
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
  });
  afterAll(async () => {
    await server.close();
    await serving.handler.close();
  });

  test('resources/list_changed reaches onResourcesChanged, and the next listing has the new resource', async () => {
    const connection = connect();
    expect((await connection.listResources()).map((resource) => resource.name)).toEqual(['first']);
    let heard = 0;
    connection.onResourcesChanged(() => {
      heard += 1;
    });
    let promptsHeard = 0;
    connection.onPromptsChanged(() => {
      promptsHeard += 1;
    });

    offered.resources.push('second');
    serving.announce('resources', (instance) => addResource(instance, 'second'));
    await vi.waitFor(() => expect(heard).toBe(1));
    expect(promptsHeard).toBe(0);
    expect((await connection.listResources()).map((resource) => resource.name)).toEqual(['first', 'second']);
  });

  test('prompts/list_changed reaches onPromptsChanged, and the next listing has the new prompt', async () => {
    const connection = connect();
    expect((await connection.listPrompts()).map((prompt) => prompt.name)).toEqual(['greet']);
    let heard = 0;
    connection.onPromptsChanged(() => {
      heard += 1;
    });

    offered.prompts.push('farewell');
    serving.announce('prompts', (instance) => addPrompt(instance, 'farewell'));
    await vi.waitFor(() => expect(heard).toBe(1));
    expect((await connection.listPrompts()).map((prompt) => prompt.name)).toEqual(['greet', 'farewell']);
  });

  test('a listener removed, or a closed connection, hears nothing more', async () => {
    const connection = connect();
    await connection.listPrompts();
    const heard: string[] = [];
    const stop = connection.onPromptsChanged(() => heard.push('removed'));
    stop();
    const other = connect();
    await other.listPrompts();
    other.onPromptsChanged(() => heard.push('other'));
    await other.close();
    connection.onPromptsChanged(() => heard.push('kept'));

    offered.prompts.push('later');
    serving.announce('prompts', (instance) => addPrompt(instance, 'later'));
    await vi.waitFor(() => expect(heard).toEqual(['kept']));
  });
});
