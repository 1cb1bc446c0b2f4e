import type { ToolOutput } from '../types/tool-call.ts';

interface McpContentBlock {
  type: string;
  text?: string;
  mimeType?: string;
  data?: string;
  uri?: string;
  resource?: { uri?: string; text?: string; mimeType?: string; blob?: string };
}

/** True when `value` has the shape of an MCP CallToolResult (`content` array of typed blocks). */
export function isCallToolResult(value: unknown): value is { content: McpContentBlock[]; isError?: boolean } {
  if (typeof value !== 'object' || value === null) return false;
  const content = (value as { content?: unknown }).content;
  return (
    Array.isArray(content) &&
    content.every((block) => typeof block === 'object' && block !== null && typeof block.type === 'string')
  );
}

/**
 * Turns whatever a tool returned — a string, a JSON value, or an MCP CallToolResult — into the text the
 * model sees. Binary content becomes a short placeholder; nothing is ever executed or rendered here.
 */
export function normalizeToolOutput(value: unknown): ToolOutput {
  if (typeof value === 'string') return { text: value, isError: false, value };
  if (value === undefined) return { text: 'OK (the tool returned no content)', isError: false };
  if (isCallToolResult(value)) return fromCallToolResult(value);
  return { text: safeStringify(value), isError: false, value };
}

function fromCallToolResult(result: {
  content: McpContentBlock[];
  isError?: boolean;
  structuredContent?: unknown;
}): ToolOutput {
  const parts = result.content.map(describeContentBlock).filter((part) => part.length > 0);
  const structured = result.structuredContent;
  const text =
    parts.length > 0 ? parts.join('\n') : structured !== undefined ? safeStringify(structured) : '';
  return {
    text:
      text ||
      (result.isError ? 'Error: the tool failed without a message' : 'OK (the tool returned no content)'),
    isError: result.isError === true,
    value: structured ?? parseJsonText(parts),
  };
}

/** Renders one MCP content block as text for the model. */
export function describeContentBlock(block: McpContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text ?? '';
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType ?? 'unknown type'}, ${formatSize(base64Bytes(block.data))}]`;
    case 'resource_link':
      return `[resource ${block.uri ?? ''}]`;
    case 'resource': {
      const resource = block.resource ?? {};
      if (typeof resource.text === 'string') return resource.text;
      return `[resource ${resource.uri ?? ''} ${resource.mimeType ?? ''}, ${formatSize(base64Bytes(resource.blob))}]`;
    }
    default:
      return `[${block.type} content]`;
  }
}

function parseJsonText(parts: string[]): unknown {
  if (parts.length !== 1) return undefined;
  const [only] = parts;
  const first = only.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    return JSON.parse(only);
  } catch {
    return undefined;
  }
}

function base64Bytes(data: string | undefined): number {
  return data ? Math.floor((data.length * 3) / 4) : 0;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
}

/** JSON.stringify that never throws (cycles, BigInt) and never returns undefined. */
export function safeStringify(value: unknown): string {
  try {
    return (
      JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item)) ??
      String(value)
    );
  } catch (error) {
    return `[unserializable result: ${error instanceof Error ? error.message : String(error)}]`;
  }
}
