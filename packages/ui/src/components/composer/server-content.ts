/** One argument a prompt takes (MCP `Prompt.arguments`). */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt of one of the conversation's servers, offered as a slash command. */
export interface PromptChoice {
  serverId: string;
  /** The server's name, shown beside the prompt. */
  server: string;
  name: string;
  title?: string;
  description?: string;
  arguments: PromptArgument[];
}

/** A resource of one of the conversation's servers, offered as an attachment. */
export interface ResourceChoice {
  serverId: string;
  server: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
}

/** A resource template of one of the conversation's servers (MCP `ResourceTemplate`): an RFC 6570 URI template to fill. */
export interface ResourceTemplateChoice {
  serverId: string;
  server: string;
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

/** One content block of a prompt message or of a read resource, as the server sent it (untrusted). */
export interface ContentPart {
  type?: string;
  text?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  /** An embedded resource's own contents (`type: 'resource'`). */
  resource?: ContentPart;
  blob?: string;
}

/** A message of a filled prompt (MCP `GetPromptResult.messages`). */
export interface PromptMessage {
  role: string;
  content: ContentPart;
}

/**
 * Where the composer finds the prompts and resources of the conversation's servers: the gateway's
 * `/servers/{id}/prompts` and `/servers/{id}/resources` routes, or the page's own MCP connections.
 */
export interface ServerContentSource {
  listPrompts(): Promise<PromptChoice[]>;
  /** Fills a prompt with its arguments. */
  getPrompt(prompt: PromptChoice, args: Record<string, string>): Promise<PromptMessage[]>;
  listResources(): Promise<ResourceChoice[]>;
  /** Reads a resource's contents (each a text or a blob). */
  readResource(resource: ResourceChoice): Promise<ContentPart[]>;
  /** The servers' resource templates (`resources/templates/list`); a template filled in is read with {@link readResource}. */
  listResourceTemplates(): Promise<ResourceTemplateChoice[]>;
  /**
   * The server's suggestions for one variable of a template as typed so far (`completion/complete`,
   * with the variables already filled as context); none when the server offers no completions.
   */
  completeTemplateVariable(
    template: ResourceTemplateChoice,
    variable: string,
    value: string,
    filled: Record<string, string>,
  ): Promise<string[]>;
}
