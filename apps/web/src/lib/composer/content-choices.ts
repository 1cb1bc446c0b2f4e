import type { PromptChoice, ResourceChoice, ResourceTemplateChoice } from '@switchboard/ui';

/** A server as the composer names it. */
export interface ContentServer {
  id: string;
  name: string;
}

/** A listed prompt as the server sent it (MCP `Prompt`); untrusted, so every field is checked. */
interface ListedPrompt {
  name?: unknown;
  title?: unknown;
  description?: unknown;
  arguments?: unknown;
}

/** A listed resource as the server sent it (MCP `Resource`). */
interface ListedResource {
  uri?: unknown;
  name?: unknown;
  title?: unknown;
  mimeType?: unknown;
}

/** A listed resource template as the server sent it (MCP `ResourceTemplate`). */
interface ListedTemplate {
  uriTemplate?: unknown;
  name?: unknown;
  title?: unknown;
  description?: unknown;
  mimeType?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The server's prompts as slash commands (entries without a name are left out). */
export function promptChoices(server: ContentServer, prompts: readonly ListedPrompt[]): PromptChoice[] {
  return prompts.flatMap((prompt) => {
    const name = text(prompt.name);
    if (!name) return [];
    const args = Array.isArray(prompt.arguments) ? (prompt.arguments as ListedPrompt[]) : [];
    return [
      {
        serverId: server.id,
        server: server.name,
        name,
        ...optional('title', text(prompt.title)),
        ...optional('description', text(prompt.description)),
        arguments: args.flatMap((arg) => {
          const argName = text(arg?.name);
          if (!argName) return [];
          return [
            {
              name: argName,
              ...optional('title', text(arg.title)),
              ...optional('description', text(arg.description)),
              required: (arg as { required?: unknown }).required === true,
            },
          ];
        }),
      },
    ];
  });
}

/** The server's resources as attachments (entries without a URI are left out). */
export function resourceChoices(
  server: ContentServer,
  resources: readonly ListedResource[],
): ResourceChoice[] {
  return resources.flatMap((resource) => {
    const uri = text(resource.uri);
    if (!uri) return [];
    return [
      {
        serverId: server.id,
        server: server.name,
        uri,
        name: text(resource.name) ?? uri,
        ...optional('title', text(resource.title)),
        ...optional('mimeType', text(resource.mimeType)),
      },
    ];
  });
}

/** The server's resource templates, to fill in and attach (entries without a URI template are left out). */
export function resourceTemplateChoices(
  server: ContentServer,
  templates: readonly ListedTemplate[],
): ResourceTemplateChoice[] {
  return templates.flatMap((template) => {
    const uriTemplate = text(template.uriTemplate);
    if (!uriTemplate) return [];
    return [
      {
        serverId: server.id,
        server: server.name,
        uriTemplate,
        name: text(template.name) ?? uriTemplate,
        ...optional('title', text(template.title)),
        ...optional('description', text(template.description)),
        ...optional('mimeType', text(template.mimeType)),
      },
    ];
  });
}

/** The values a `completion/complete` answer suggests (strings only; none when it has no list). */
export function completionValues(result: unknown): string[] {
  const values = (result as { completion?: { values?: unknown } } | undefined)?.completion?.values;
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === 'string') : [];
}

/** Lists something of each server, leaving out the servers that fail to answer. */
export async function fromEachServer<T>(
  servers: readonly ContentServer[],
  list: (server: ContentServer) => Promise<T[]>,
): Promise<T[]> {
  const settled = await Promise.allSettled(servers.map(list));
  return settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
}

function optional<K extends string>(key: K, value: string | undefined): { [key in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [key in K]?: string };
}
