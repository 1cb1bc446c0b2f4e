import type { Prompt } from '@modelcontextprotocol/client';
import {
  type GetPromptResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { McpConnection } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { asCaller } from '../mcp/caller-identity.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { endpointToolName } from './endpoint-tool-name.ts';

/**
 * Serves the prompts of the user's servers through the endpoint, named `{server}_{prompt}` like
 * tools; `prompts/get` fills the server's own prompt. Servers without prompts are skipped.
 */
export function registerPromptPassThrough(server: Server, catalogs: EndpointCatalogs, user: User): void {
  const prompts = (signal: AbortSignal) => listEndpointPrompts(catalogs, user, signal);

  server.setRequestHandler('prompts/list', async (_request, ctx) => ({
    prompts: (await prompts(ctx.mcpReq.signal)).map(({ name, prompt }) => ({ ...prompt, name })),
  }));

  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const found = (await prompts(ctx.mcpReq.signal)).find(({ name }) => name === request.params.name);
    if (!found) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt ${JSON.stringify(request.params.name.slice(0, 100))}; see prompts/list.`,
      );
    }
    const connection: McpConnection = found.connection;
    return (await asCaller(user.id, () =>
      connection.getPrompt(found.prompt.name, request.params.arguments ?? {}, { signal: ctx.mcpReq.signal }),
    )) as GetPromptResult;
  });
}

/** A prompt as the endpoint offers it: its endpoint name, the server's prompt, and its connection. */
export interface EndpointPrompt {
  name: string;
  prompt: Prompt;
  connection: McpConnection;
}

/** Every prompt of the user's servers, named `{server}_{prompt}` (servers without prompts are skipped). */
export async function listEndpointPrompts(
  catalogs: EndpointCatalogs,
  user: User,
  signal: AbortSignal,
): Promise<EndpointPrompt[]> {
  const { catalog } = await catalogs.get(user);
  const lists = await Promise.all(
    [...catalog.connections].map(async ([serverName, connection]) => {
      try {
        const listed = await asCaller(user.id, () => connection.listPrompts({ signal }));
        return listed.map((prompt) => ({
          name: endpointToolName(serverName, prompt.name),
          prompt,
          connection,
        }));
      } catch {
        return [];
      }
    }),
  );
  return lists.flat();
}
