import type {
  JsonSchema,
  McpRecipe,
  PresentationTool,
  ToolAnnotations,
  ToolCallContext,
  ToolHandler,
  WebMcpLayer,
  WebMcpToolDef,
} from '../types/layers.ts';
import type { ValidationIssue } from '../validation/schema-validator.ts';
import { SchemaValidator } from '../validation/schema-validator.ts';
import type { ResourceTemplateMatcher } from './resource-template.ts';
import { compileResourceTemplate } from './resource-template.ts';

/** A tool as a page registers it (the `document.modelContext.registerTool` shape). */
export interface WebMcpToolInput {
  name: string;
  title?: string;
  description: string;
  inputSchema?: JsonSchema;
  execute: ToolHandler;
  annotations?: ToolAnnotations;
  _meta?: Record<string, unknown>;
}

/** A resource (or resource template) served by a WebMCP server. */
export interface WebMcpResourceInput {
  /** A fixed URI or a template such as `storage://{key}`. */
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType?: string;
  read: (uri: string, params: Record<string, string>) => string | Promise<string>;
}

/** The result of reading a resource, in MCP's `resources/read` shape. */
export interface ResourceContents {
  contents: Array<{ uri: string; mimeType?: string; text: string }>;
}

/** Thrown by `executeTool` when the input does not match the tool's schema. */
export class ToolInputError extends Error {
  readonly issues: ValidationIssue[];
  readonly expectedSchema: JsonSchema;
  constructor(toolName: string, issues: ValidationIssue[], expectedSchema: JsonSchema) {
    super(
      `Invalid input for ${toolName}: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}`,
    );
    this.name = 'ToolInputError';
    this.issues = issues;
    this.expectedSchema = expectedSchema;
  }
}

const EMPTY_OBJECT_SCHEMA: JsonSchema = { type: 'object', properties: {} };

/** How a tool is registered. */
export interface ToolRegistration {
  /** Aborting it unregisters the tool. */
  signal?: AbortSignal;
  /**
   * Marks the tool as presenting results to the person (see {@link PresentationTool}): its purpose, as the
   * system prompt's display step says it, e.g. `show data as a widget`.
   */
  presentation?: string;
}

/** A local MCP-style server whose tools run by direct function call, in a page or in a process. */
export interface WebMcpServer {
  readonly name: string;
  readonly description: string;
  /** Registers a tool; aborting `options.signal` unregisters it. Replaces a tool of the same name. */
  registerTool(tool: WebMcpToolInput, options?: ToolRegistration): void;
  unregisterTool(name: string): boolean;
  registerResource(resource: WebMcpResourceInput): void;
  /** Adds recipes the model can list and read. */
  addRecipes(recipes: McpRecipe[]): void;
  /** The tools currently registered, in registration order. */
  listTools(): WebMcpToolDef[];
  listResources(): Array<Omit<WebMcpResourceInput, 'read'>>;
  /** Validates `input` against the tool's schema (compiled), then calls it. */
  executeTool(name: string, input: unknown, context?: Partial<ToolCallContext>): Promise<unknown>;
  readResource(uri: string): Promise<ResourceContents>;
  /** A snapshot of this server as a catalog layer. */
  layer(): WebMcpLayer;
  /** Subscribe to tool-list changes; returns the unsubscribe function. */
  onToolsChanged(listener: () => void): () => void;
}

/**
 * Creates a WebMCP server: local tools with JSON Schemas and handlers, executed by function call with
 * compiled validation. Accepts the `document.modelContext.registerTool` tool shape.
 */
export function createWebMcpServer(name: string, options: { description: string }): WebMcpServer {
  const tools = new Map<string, WebMcpToolDef>();
  /** The purpose of each registered presentation tool, by name. */
  const purposes = new Map<string, string>();
  const resources: Array<{ input: WebMcpResourceInput; matcher: ResourceTemplateMatcher }> = [];
  const recipes: McpRecipe[] = [];
  const listeners = new Set<() => void>();
  const validator = new SchemaValidator();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const unregisterTool = (toolName: string) => {
    const removed = tools.delete(toolName);
    purposes.delete(toolName);
    if (removed) notify();
    return removed;
  };

  return {
    name,
    description: options.description,
    registerTool(tool, registration = {}) {
      if (!tool.name || typeof tool.execute !== 'function') {
        throw new TypeError('registerTool needs a tool with a name and an execute function');
      }
      const definition: WebMcpToolDef = {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema ?? EMPTY_OBJECT_SCHEMA,
        annotations: tool.annotations,
        _meta: tool._meta,
        execute: tool.execute,
      };
      tools.set(tool.name, definition);
      if (registration.presentation === undefined) purposes.delete(tool.name);
      else purposes.set(tool.name, registration.presentation);
      registration.signal?.addEventListener('abort', () => {
        if (tools.get(tool.name) === definition) unregisterTool(tool.name);
      });
      notify();
    },
    unregisterTool,
    registerResource(resource) {
      resources.push({ input: resource, matcher: compileResourceTemplate(resource.uriTemplate) });
    },
    addRecipes(added) {
      recipes.push(...added);
    },
    listTools: () => [...tools.values()],
    listResources: () => resources.map(({ input: { read: _read, ...description } }) => description),
    async executeTool(toolName, input, context = {}) {
      const tool = tools.get(toolName);
      if (!tool) {
        throw new Error(
          `Unknown tool "${toolName}" on WebMCP server "${name}". Available: ${[...tools.keys()].join(', ')}`,
        );
      }
      const args = input ?? {};
      const outcome = validator.validate(tool.inputSchema, args);
      if (!outcome.valid) throw new ToolInputError(toolName, outcome.issues, tool.inputSchema);
      return tool.execute(args as Record<string, unknown>, {
        signal: context.signal ?? new AbortController().signal,
        onProgress: context.onProgress,
        toolCallId: context.toolCallId,
        emit: context.emit,
      });
    },
    async readResource(uri) {
      for (const { input, matcher } of resources) {
        const params = matcher.match(uri);
        if (params)
          return { contents: [{ uri, mimeType: input.mimeType, text: await input.read(uri, params) }] };
      }
      throw new Error(`No resource matches "${uri}" on WebMCP server "${name}"`);
    },
    layer: () => {
      const presentationTools: PresentationTool[] = [...tools.keys()].flatMap((toolName) => {
        const purpose = purposes.get(toolName);
        return purpose === undefined ? [] : [{ name: toolName, purpose }];
      });
      return {
        protocol: 'webmcp',
        serverName: name,
        description: options.description,
        tools: [...tools.values()],
        ...(recipes.length > 0 ? { recipes: [...recipes] } : {}),
        ...(presentationTools.length > 0 ? { presentationTools } : {}),
      };
    },
    onToolsChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
