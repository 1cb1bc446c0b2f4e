import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/client';
import type { ToolOutput } from '../../types/tool-call.ts';

/**
 * Normalizes an MCP `tools/call` result into the text the model sees: text contents
 * joined, embedded text resources inlined, resource links as their URI, binary contents
 * as short placeholders (`[image image/png, 12 KB]`), and the structured content as
 * JSON when there is no text at all. `isError` and `structuredContent` are carried over.
 */
export function toToolOutput(result: CallToolResult): ToolOutput {
  const isError = result.isError === true;
  const pieces = (result.content ?? []).map(describeContent).filter((piece) => piece.length > 0);
  let text = pieces.join('\n');
  if (text.length === 0 && result.structuredContent !== undefined)
    text = JSON.stringify(result.structuredContent);
  if (text.length === 0 && isError) text = 'The tool reported an error without a message.';
  const output: ToolOutput = { text, isError };
  if (result.structuredContent !== undefined) output.value = result.structuredContent;
  return output;
}

function describeContent(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${formatSize(base64Bytes(block.data))}]`;
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource && typeof resource.text === 'string') return resource.text;
      const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
      return `[resource ${resource.uri} (${resource.mimeType ?? 'binary'}), ${formatSize(base64Bytes(blob))}]`;
    }
    case 'resource_link':
      return block.uri;
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

/** Decoded size of a base64 string, in bytes. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
