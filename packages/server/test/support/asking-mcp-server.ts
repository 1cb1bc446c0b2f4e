import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import {
  fromJsonSchema,
  inputRequired,
  inputResponse,
  isInitializeRequest,
  McpServer,
  type ServerContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { type HttpServing, serveHttp } from '@switchboard/servers';

/** A running {@link startAskingMcpServer}. */
export interface AskingMcpServer {
  url: string;
  /** What the server was answered, in order (`name: accept`, `confirm: decline`, …). */
  answers: string[];
  close(): Promise<void>;
}

const noArguments = fromJsonSchema({ type: 'object', properties: {} });
/** `measure`'s schemas, in JSON Schema 2020-12 with `$defs` and a `$ref` (which must reach clients as written). */
export const MEASURE_SCHEMAS = {
  input: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    $defs: { unit: { type: 'string', enum: ['m', 'ft'] } },
    properties: { unit: { $ref: '#/$defs/unit' } },
    additionalProperties: false,
  },
  output: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { length: { type: 'number' } },
    required: ['length'],
  },
};
/** `route`'s input: `region`, mirrored in the `Mcp-Param-Region` header (an extension keyword the schema types lack). */
const ROUTE_SCHEMA = {
  type: 'object',
  properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
} as Parameters<typeof fromJsonSchema>[0];

/**
 * An MCP server over Streamable HTTP on loopback whose tools ask the client while they run
 * (multi-round-trip, so it serves both protocol eras; with `eras: '2025'` only the 2025 one, where
 * its questions are requests to the client): `interview` asks two form questions in turn,
 * telling progress and a log message on the way; `summarize` asks the client's model (sampling);
 * `open_link` asks the person to open a link (URL mode); `count` tells progress and asks nothing;
 * `wipe_all` is destructive and asks nothing; `route` takes a `region` mirrored in the
 * `Mcp-Param-Region` header (SEP-2243); `measure` has 2020-12 input and output schemas and answers
 * with structured content; the prompt `briefing` asks the topic first.
 */
export async function startAskingMcpServer(
  options: { eras?: 'both' | '2025' } = {},
): Promise<AskingMcpServer> {
  const answers: string[] = [];
  const tell = async (ctx: ServerContext, progress: number, message: string) => {
    const progressToken = ctx.mcpReq._meta?.progressToken;
    if (progressToken !== undefined)
      await ctx.mcpReq.notify({
        method: 'notifications/progress',
        params: { progressToken, progress, message },
      });
    await ctx.mcpReq.notify({
      method: 'notifications/message',
      params: { level: 'info', logger: 'interview', data: message },
    });
  };
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

  const createServer = () => {
    const server = new McpServer(
      { name: 'asking', version: '1.0.0' },
      {
        capabilities: { logging: {} },
      },
    );
    server.registerTool(
      'interview',
      { description: 'Asks for a name, then for confirmation.', inputSchema: noArguments },
      async (_args, ctx) => {
        const responses = ctx.mcpReq.inputResponses;
        const name = inputResponse(responses, 'name');
        const confirm = inputResponse(responses, 'confirm');
        if (confirm.kind === 'elicit') {
          answers.push(`confirm: ${confirm.action}`);
          await tell(ctx, 3, 'finishing');
          const state = JSON.parse(ctx.mcpReq.requestState<string>() ?? '{}') as { name?: string };
          return text(`hello ${state.name}; confirmed ${confirm.content?.sure === true}`);
        }
        if (name.kind === 'elicit') {
          answers.push(`name: ${name.action}`);
          if (name.action !== 'accept') return text(`no name: ${name.action}`);
          await tell(ctx, 2, 'asking for confirmation');
          return inputRequired({
            inputRequests: {
              confirm: inputRequired.elicit({
                message: `Are you sure, ${name.content?.name}?`,
                requestedSchema: {
                  type: 'object',
                  properties: { sure: { type: 'boolean' } },
                  required: ['sure'],
                },
              }),
            },
            requestState: JSON.stringify({ name: name.content?.name }),
          });
        }
        await tell(ctx, 1, 'asking for the name');
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: 'What is your name?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            }),
          },
        });
      },
    );
    server.registerTool(
      'summarize',
      { description: "Summarizes with the client's model.", inputSchema: noArguments },
      async (_args, ctx) => {
        const summary = inputResponse(ctx.mcpReq.inputResponses, 'summary');
        if (summary.kind === 'sampling') {
          const content = summary.result.content as { type: string; text?: string };
          return text(`summary: ${content.text}`);
        }
        return inputRequired({
          inputRequests: {
            summary: inputRequired.createMessage({
              messages: [{ role: 'user', content: { type: 'text', text: 'Summarize: three milks' } }],
              maxTokens: 50,
            }),
          },
        });
      },
    );
    server.registerTool(
      'open_link',
      { description: 'Asks the person to open a link.', inputSchema: noArguments },
      async (_args, ctx) => {
        const opened = inputResponse(ctx.mcpReq.inputResponses, 'link');
        if (opened.kind === 'elicit') return text(`link: ${opened.action}`);
        return inputRequired({
          inputRequests: {
            link: inputRequired.elicitUrl({
              message: 'Sign in to continue',
              url: 'https://example.com/sign-in',
            }),
          },
        });
      },
    );
    server.registerTool(
      'count',
      { description: 'Counts to two, telling each step.', inputSchema: noArguments },
      async (_args, ctx) => {
        await tell(ctx, 1, 'one');
        await tell(ctx, 2, 'two');
        return text('counted');
      },
    );
    server.registerTool(
      'wipe_all',
      {
        description: 'Wipes everything.',
        inputSchema: noArguments,
        annotations: { destructiveHint: true },
      },
      async () => text('wiped'),
    );
    server.registerPrompt('briefing', { description: 'Asks the topic, then briefs.' }, async (ctx) => {
      const topic = inputResponse(ctx.mcpReq.inputResponses, 'topic');
      if (topic.kind === 'elicit')
        return {
          messages: [{ role: 'user', content: { type: 'text', text: `brief on ${topic.content?.topic}` } }],
        };
      return inputRequired({
        inputRequests: {
          topic: inputRequired.elicit({
            message: 'Which topic?',
            requestedSchema: {
              type: 'object',
              properties: { topic: { type: 'string' } },
              required: ['topic'],
            },
          }),
        },
      });
    });
    server.registerTool(
      'measure',
      {
        description: 'Measures, answering with structured content.',
        inputSchema: fromJsonSchema(MEASURE_SCHEMAS.input as Parameters<typeof fromJsonSchema>[0]),
        outputSchema: fromJsonSchema(MEASURE_SCHEMAS.output as Parameters<typeof fromJsonSchema>[0]),
      },
      async () => ({ content: [{ type: 'text', text: '{"length":3}' }], structuredContent: { length: 3 } }),
    );
    server.registerTool(
      'route',
      {
        description: 'Answers with the region it was routed for.',
        inputSchema: fromJsonSchema<{ region?: string }>(ROUTE_SCHEMA),
      },
      async (args) => {
        answers.push(`route: ${args.region}`);
        return text(`routed to ${args.region}`);
      },
    );
    return server;
  };

  if (options.eras === '2025') {
    const serving = await serveLegacyOnly(createServer);
    return { url: serving.url, answers, close: serving.close };
  }
  const serving: HttpServing = await serveHttp(createServer);
  return { url: serving.url, answers, close: () => serving.close() };
}

/**
 * Serves `createServer` over Streamable HTTP in the 2025 era only, with sessions (so its questions
 * are requests to the client): a 2026-07-28 request (the client's `server/discover` probe) is
 * refused as an unsupported revision, naming 2025-11-25, so a client falls back to `initialize`,
 * as it would with a server built on the v1 SDK.
 */
async function serveLegacyOnly(
  createServer: () => McpServer,
): Promise<{ url: string; close(): Promise<void> }> {
  const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const handle = async (request: Request): Promise<Response> => {
    const body = await request
      .clone()
      .json()
      .catch(() => undefined);
    const session = request.headers.get('mcp-session-id');
    if (session) return sessions.get(session)?.handleRequest(request) ?? new Response(null, { status: 404 });
    if (!isInitializeRequest(body)) {
      const id = (body as { id?: string | number } | undefined)?.id ?? null;
      const error = {
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ['2025-11-25'] },
      };
      return Response.json({ jsonrpc: '2.0', id, error }, { status: 400 });
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, transport),
      onsessionclosed: (id) => void sessions.delete(id),
    });
    await createServer().connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };
  const server = createHttpServer(toNodeHandler({ fetch: handle }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      await Promise.all([...sessions.values()].map((transport) => transport.close().catch(() => undefined)));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
