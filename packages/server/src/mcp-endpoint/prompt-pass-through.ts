import type { Prompt } from '@modelcontextprotocol/client';
import {
  type GetPromptResult,
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { McpConnection } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { type EndpointRoundState, promptDigest } from './endpoint-request-state.ts';
import { endpointToolName } from './endpoint-tool-name.ts';
import {
  answersAhead,
  missingCapabilityOf,
  type RoundRelay,
  relayedAnswers,
  relayedCapabilities,
  relayedInputRequired,
} from './relayed-rounds.ts';
import { servedInRounds } from './served-in-rounds.ts';

/**
 * Serves the prompts of the user's servers through the endpoint, named `{server}_{prompt}` like
 * tools; `prompts/get` fills the server's own prompt. Servers without prompts are skipped. A
 * 2026-07-28 server's prompt that asks for input first has its rounds relayed to a 2026-07-28
 * client as a tool call's are (see {@link relayedInputRequired}).
 */
export function registerPromptPassThrough(
  server: Server,
  catalogs: EndpointCatalogs,
  user: User,
  relay: RoundRelay,
): void {
  const prompts = (signal: AbortSignal) => listEndpointPrompts(catalogs, user, signal);

  server.setRequestHandler('prompts/list', async (_request, ctx) => ({
    prompts: (await prompts(ctx.mcpReq.signal)).map(({ name, prompt }) => ({ ...prompt, name })),
  }));

  server.setRequestHandler('prompts/get', async (request, ctx) => {
    const { name } = request.params;
    const found = (await prompts(ctx.mcpReq.signal)).find((prompt) => prompt.name === name);
    if (!found) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown prompt ${JSON.stringify(name.slice(0, 100))}; see prompts/list.`,
      );
    }
    const connection: McpConnection = found.connection;
    const args = request.params.arguments ?? {};
    const signal = ctx.mcpReq.signal;
    if (!servedInRounds(ctx) || !(await connection.asksInRounds({ signal })))
      return (await asCaller(user.id, () =>
        connection.getPrompt(found.prompt.name, args, { signal }),
      )) as GetPromptResult;

    const call = promptDigest(name, args);
    const state = ctx.mcpReq.requestState<EndpointRoundState>();
    const previous = typeof state === 'object' && state?.call === call ? state.relay : undefined;
    const inputResponses = previous
      ? relayedAnswers(previous, ctx.mcpReq.inputResponses, relay.answered)
      : state === undefined
        ? answersAhead(ctx.mcpReq.inputResponses)
        : undefined;
    const client = server.getClientCapabilities() ?? {};
    try {
      const result = await asCaller(user.id, () =>
        connection.getPromptRound(
          found.prompt.name,
          args,
          {
            ...(inputResponses ? { inputResponses } : {}),
            ...(previous?.serverState !== undefined ? { requestState: previous.serverState } : {}),
            clientCapabilities: relayedCapabilities(client),
          },
          { signal },
        ),
      );
      if (isInputRequiredResult(result))
        return relayedInputRequired(found.serverName, result, { call }, ctx, relay.requestState);
      return result as GetPromptResult;
    } catch (error) {
      throw missingCapabilityOf(error, found.serverName) ?? error;
    }
  });
}

/** A prompt as the endpoint offers it: its endpoint name, the server's prompt, and its connection. */
export interface EndpointPrompt {
  name: string;
  /** The registered name of the server it comes from. */
  serverName: string;
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
          serverName,
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
