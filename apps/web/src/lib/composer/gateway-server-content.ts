import type { ContentPart, PromptMessage, ServerContentSource } from '@switchboard/ui';
import {
  completionValues,
  fromEachServer,
  promptChoices,
  resourceChoices,
  resourceTemplateChoices,
} from './content-choices.ts';

/** Calls the gateway's API and reads its JSON answer; throws with the gateway's words on an error status. */
type GatewayJson = <T>(path: string, init?: RequestInit) => Promise<T>;

/**
 * Gateway mode: the prompts, resources and resource templates of the servers the person may use now
 * (`GET /servers`, leaving out those still to connect), through `GET /servers/{id}/prompts`,
 * `POST /servers/{id}/prompts/get`, `GET /servers/{id}/resources` (with its `templates`),
 * `POST /servers/{id}/resources/read` and `POST /servers/{id}/complete`.
 */
export function gatewayServerContent(json: GatewayJson): ServerContentSource {
  const server = (id: string) => `/servers/${encodeURIComponent(id)}`;
  const usable = async () => {
    const { items } = await json<{ items: Array<{ id: string; name: string; authorization?: string }> }>(
      '/servers',
    );
    return items.filter((item) => item.authorization !== 'required');
  };
  return {
    async listPrompts() {
      return fromEachServer(await usable(), async (entry) =>
        promptChoices(entry, (await json<{ items: object[] }>(`${server(entry.id)}/prompts`)).items),
      );
    },
    async getPrompt(prompt, args) {
      const result = await json<{ messages?: PromptMessage[] }>(`${server(prompt.serverId)}/prompts/get`, {
        method: 'POST',
        body: JSON.stringify({ name: prompt.name, arguments: args }),
      });
      return result.messages ?? [];
    },
    async listResources() {
      return fromEachServer(await usable(), async (entry) =>
        resourceChoices(entry, (await json<{ items: object[] }>(`${server(entry.id)}/resources`)).items),
      );
    },
    async readResource(resource) {
      const result = await json<{ contents?: ContentPart[] }>(`${server(resource.serverId)}/resources/read`, {
        method: 'POST',
        body: JSON.stringify({ uri: resource.uri }),
      });
      return result.contents ?? [];
    },
    async listResourceTemplates() {
      return fromEachServer(await usable(), async (entry) =>
        resourceTemplateChoices(
          entry,
          (await json<{ templates?: object[] }>(`${server(entry.id)}/resources`)).templates ?? [],
        ),
      );
    },
    async completeTemplateVariable(template, variable, value, filled) {
      const result = await json<unknown>(`${server(template.serverId)}/complete`, {
        method: 'POST',
        body: JSON.stringify({
          ref: { type: 'ref/resource', uri: template.uriTemplate },
          argument: { name: variable, value },
          context: { arguments: filled },
        }),
      });
      return completionValues(result);
    },
  };
}
