import { acceptedContent, fromJsonSchema, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { type HttpServing, serveHttp } from '@switchboard/servers';

/** A tool call that waits until the test releases it. */
export interface Blocker {
  /** Resolves when a `block` call with this key has started. */
  started(key: string): Promise<void>;
  release(key: string): void;
}

/** A running test MCP server. */
export interface TestMcpServer {
  url: string;
  blocker: Blocker;
  /** How many times each tool ran. */
  calls: Map<string, number>;
  close(): Promise<void>;
}

const object = <T>(properties: Record<string, unknown>, required: string[] = []) =>
  fromJsonSchema<T>({ type: 'object', properties, required } as Parameters<typeof fromJsonSchema>[0]);

/**
 * A small MCP server over Streamable HTTP on loopback, shared by every gateway of a test: `echo`,
 * `show_products` (a result describing a widget), `delete_everything` (destructive), `block`
 * (waits until the test releases it — a turn paused in the middle), `ask_shipping` (asks the person
 * with a form) and `summarize` (asks the client's model).
 */
export async function startTestMcpServer(): Promise<TestMcpServer> {
  const waiting = new Map<
    string,
    { release: () => void; started: () => void; startedPromise: Promise<void>; done: Promise<void> }
  >();
  const calls = new Map<string, number>();
  const count = (name: string) => calls.set(name, (calls.get(name) ?? 0) + 1);
  const slot = (key: string) => {
    let entry = waiting.get(key);
    if (!entry) {
      let release = () => {};
      let started = () => {};
      const done = new Promise<void>((resolve) => {
        release = resolve;
      });
      const startedPromise = new Promise<void>((resolve) => {
        started = resolve;
      });
      entry = { release, started, startedPromise, done };
      waiting.set(key, entry);
    }
    return entry;
  };

  const createServer = () => {
    const server = new McpServer(
      { name: 'test-tools', version: '1.0.0' },
      { instructions: 'Tools for gateway tests.' },
    );
    server.registerTool(
      'echo',
      {
        title: 'Echo text',
        description: 'Returns the text it was given.',
        inputSchema: object<{ text: string }>({ text: { type: 'string' } }, ['text']),
        annotations: { readOnlyHint: true },
      },
      async ({ text }: { text: string }) => {
        count('echo');
        return { content: [{ type: 'text', text: `echo: ${text}` }] };
      },
    );
    server.registerTool(
      'show_products',
      {
        description: 'Products ready for display as a cards widget.',
        inputSchema: object({ query: { type: 'string' } }),
      },
      async () => {
        count('show_products');
        const value = {
          widget: 'cards',
          params: { title: 'Milk', items: [{ id: 'm1', title: 'Full cream milk' }] },
        };
        return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
      },
    );
    server.registerTool(
      'delete_everything',
      {
        description: 'Deletes all the data.',
        inputSchema: object({}),
        annotations: { title: 'Delete everything', destructiveHint: true },
      },
      async () => {
        count('delete_everything');
        return { content: [{ type: 'text', text: 'deleted' }] };
      },
    );
    server.registerTool(
      'block',
      {
        description: 'Waits until released.',
        inputSchema: object<{ key: string }>({ key: { type: 'string' } }, ['key']),
      },
      async ({ key }: { key: string }) => {
        count('block');
        const entry = slot(key);
        entry.started();
        await entry.done;
        return { content: [{ type: 'text', text: `released ${key}` }] };
      },
    );
    server.registerTool(
      'ask_shipping',
      { description: 'Asks the person where to ship (a form).', inputSchema: object({}) },
      async (_args, ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        const answer = acceptedContent<{ city: string; express: boolean }>(responses, 'shipping');
        if (answer)
          return {
            content: [{ type: 'text', text: `shipping to ${answer.city}, express ${answer.express}` }],
          };
        if (responses?.shipping) return { content: [{ type: 'text', text: 'the person did not say' }] };
        return inputRequired({
          inputRequests: {
            shipping: inputRequired.elicit({
              message: 'Where should we ship it?',
              requestedSchema: {
                type: 'object',
                properties: { city: { type: 'string' }, express: { type: 'boolean', default: false } },
                required: ['city'],
              },
            }),
          },
        });
      },
    );
    server.registerTool(
      'summarize',
      { description: "Summarizes a text with the client's model (sampling).", inputSchema: object({}) },
      async (_args, ctx) => {
        const summary = ctx.mcpReq.inputResponses?.summary as { content?: { text?: string } } | undefined;
        if (summary) return { content: [{ type: 'text', text: `summary: ${summary.content?.text}` }] };
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [
                { role: 'user', content: { type: 'text', text: 'Summarize: three milks in the cart' } },
              ],
              maxTokens: 100,
            }),
          },
        });
      },
    );
    return server;
  };

  const serving: HttpServing = await serveHttp(createServer);
  return {
    url: serving.url,
    calls,
    blocker: {
      started: (key) => slot(key).startedPromise,
      release: (key) => slot(key).release(),
    },
    close: async () => {
      for (const entry of waiting.values()) entry.release();
      await serving.close();
    },
  };
}
