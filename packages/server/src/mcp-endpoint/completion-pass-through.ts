import {
  type CompleteResult,
  ProtocolError,
  ProtocolErrorCode,
  type Server,
} from '@modelcontextprotocol/server';
import type { McpConnection } from '@switchboard/core/node';
import type { User } from '../auth/user.ts';
import { asCaller } from '../upstream/caller-identity.ts';
import type { EndpointCatalogs } from './endpoint-catalogs.ts';
import { listEndpointPrompts } from './prompt-pass-through.ts';

/**
 * Passes `completion/complete` to the server a reference names: a prompt by its endpoint name
 * (`{server}_{prompt}`, sent on under the server's own name), a resource template by its URI
 * template (sent on as it is, to the server that lists it).
 */
export function registerCompletionPassThrough(server: Server, catalogs: EndpointCatalogs, user: User): void {
  server.setRequestHandler('completion/complete', async (request, ctx) => {
    const { ref } = request.params;
    const signal = ctx.mcpReq.signal;
    let target: { connection: McpConnection; ref: typeof ref } | undefined;
    if (ref.type === 'ref/prompt') {
      const found = (await listEndpointPrompts(catalogs, user, signal)).find(({ name }) => name === ref.name);
      if (found) target = { connection: found.connection, ref: { ...ref, name: found.prompt.name } };
    } else {
      const { catalog } = await catalogs.get(user);
      for (const connection of catalog.connections.values()) {
        const templates = await asCaller(user.id, () => connection.listResourceTemplates({ signal })).catch(
          () => [],
        );
        if (templates.some((template) => template.uriTemplate === ref.uri)) {
          target = { connection, ref };
          break;
        }
      }
    }
    if (!target) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Nothing to complete for ${JSON.stringify(ref)}: no prompt or resource template of your servers has that name.`,
      );
    }
    const { connection } = target;
    return (await asCaller(user.id, () =>
      connection.complete({ ...request.params, ref: target.ref }, { signal }),
    )) as CompleteResult;
  });
}
