import { fromJsonSchema, McpServer } from '@modelcontextprotocol/server';
import { type HttpServing, type ServeHttpOptions, serveHttp } from '@switchboard/servers';

/** A running {@link startChangingMcpServer}. */
export interface ChangingMcpServer {
  url: string;
  /** Adds a tool (answering `{name} called`) and announces the new tool list. */
  addTool(name: string, description: string): void;
  /** Adds a text resource `test://{name}` and announces the new resource list. */
  addResource(name: string): void;
  /** Adds a prompt and announces the new prompt list. */
  addPrompt(name: string): void;
  close(): Promise<void>;
}

/** What the server offers; every request's server instance is built from it. */
interface Offered {
  tools: Array<{ name: string; description: string }>;
  resources: string[];
  prompts: string[];
}

/**
 * An SDK `McpServer` over Streamable HTTP on loopback whose tools, resources and prompts grow at
 * run time: each addition is announced on the 2026-07-28 listen streams (`list_changed`), as a
 * server whose catalog changes would. It starts with one tool (`status`), one resource and one prompt.
 */
export async function startChangingMcpServer(options: ServeHttpOptions = {}): Promise<ChangingMcpServer> {
  const offered: Offered = {
    tools: [{ name: 'status', description: 'Says whether the service is up.' }],
    resources: ['readme'],
    prompts: ['greet'],
  };
  const createServer = () => {
    const server = new McpServer({ name: 'changing', version: '1.0.0' });
    for (const tool of offered.tools) {
      server.registerTool(
        tool.name,
        {
          description: tool.description,
          inputSchema: fromJsonSchema({ type: 'object', properties: {} }),
        },
        async () => ({ content: [{ type: 'text', text: `${tool.name} called` }] }),
      );
    }
    for (const name of offered.resources) {
      server.registerResource(name, `test://${name}`, { mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, text: name }],
      }));
    }
    for (const name of offered.prompts) {
      server.registerPrompt(name, { description: `The ${name} prompt.` }, async () => ({
        messages: [{ role: 'user', content: { type: 'text', text: name } }],
      }));
    }
    return server;
  };
  const serving: HttpServing = await serveHttp(createServer, options);
  return {
    url: serving.url,
    addTool(name, description) {
      offered.tools.push({ name, description });
      serving.notify.toolsChanged();
    },
    addResource(name) {
      offered.resources.push(name);
      serving.notify.resourcesChanged();
    },
    addPrompt(name) {
      offered.prompts.push(name);
      serving.notify.promptsChanged();
    },
    close: () => serving.close(),
  };
}
