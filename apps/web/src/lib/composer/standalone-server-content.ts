import type { McpConnection } from '@switchboard/core';
import type { ContentPart, PromptMessage, ServerContentSource } from '@switchboard/ui';
import {
  completionValues,
  fromEachServer,
  promptChoices,
  resourceChoices,
  resourceTemplateChoices,
} from './content-choices.ts';

/**
 * Standalone mode: the prompts, resources and resource templates of the remote MCP servers the page
 * is connected to, through their own connections (`listPrompts`, `getPrompt`, `listResources`,
 * `readResource`, `listResourceTemplates`, `complete`).
 * A server is known by its name.
 */
export function standaloneServerContent(clients: () => Map<string, McpConnection>): ServerContentSource {
  const servers = () => [...clients().keys()].map((name) => ({ id: name, name }));
  const connection = (name: string) => {
    const found = clients().get(name);
    if (!found) throw new Error(`the server "${name}" is no longer connected`);
    return found;
  };
  return {
    listPrompts: () =>
      fromEachServer(servers(), async (server) =>
        promptChoices(server, await connection(server.id).listPrompts()),
      ),
    async getPrompt(prompt, args) {
      const result = await connection(prompt.serverId).getPrompt(prompt.name, args);
      return result.messages as PromptMessage[];
    },
    listResources: () =>
      fromEachServer(servers(), async (server) =>
        resourceChoices(server, await connection(server.id).listResources()),
      ),
    async readResource(resource) {
      const result = await connection(resource.serverId).readResource(resource.uri);
      return result.contents as ContentPart[];
    },
    listResourceTemplates: () =>
      fromEachServer(servers(), async (server) =>
        resourceTemplateChoices(server, await connection(server.id).listResourceTemplates()),
      ),
    async completeTemplateVariable(template, variable, value, filled) {
      const result = await connection(template.serverId).complete({
        ref: { type: 'ref/resource', uri: template.uriTemplate },
        argument: { name: variable, value },
        context: { arguments: filled },
      });
      return completionValues(result);
    },
  };
}
