import {
  fromJsonSchema,
  inputRequired,
  inputResponse,
  McpServer,
  type ServerContext,
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

/**
 * An MCP server over Streamable HTTP on loopback whose tools ask the client while they run
 * (multi-round-trip, so it serves both protocol eras): `interview` asks two form questions in turn,
 * telling progress and a log message on the way; `summarize` asks the client's model (sampling);
 * `open_link` asks the person to open a link (URL mode); `count` tells progress and asks nothing;
 * `wipe_all` is destructive and asks nothing.
 */
export async function startAskingMcpServer(): Promise<AskingMcpServer> {
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
    const server = new McpServer({ name: 'asking', version: '1.0.0' }, { capabilities: { logging: {} } });
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
    return server;
  };

  const serving: HttpServing = await serveHttp(createServer);
  return { url: serving.url, answers, close: () => serving.close() };
}
