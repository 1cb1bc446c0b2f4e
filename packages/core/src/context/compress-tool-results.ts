import type { ChatMessage, ContentBlock, ToolResultBlock } from '../types/messages.ts';
import type { ResultBuffer } from './result-buffer.ts';

/** Options of {@link compressToolResults}. */
export interface CompressionOptions {
  /** Tool-result messages of the most recent iterations kept in full (default 2). */
  keepRecentIterations?: number;
  /** Characters of the original result kept in the preview (default 200). */
  previewLength?: number;
}

/** Text of a compressed tool result: a preview and how to read the whole. */
export function compressedPreview(id: string, text: string, previewLength: number): string {
  return `${text.slice(0, previewLength)}… [compressed: recall('${id}') for the full result, ${text.length} chars]`;
}

/**
 * Replaces tool results older than the most recent iterations with a short preview plus
 * `recall('<tool_use_id>')`. Every replaced result is kept whole in `buffer` first, so it stays
 * recallable. Returns a new array; messages that did not change are shared, not copied.
 */
export function compressToolResults(
  messages: ChatMessage[],
  buffer: ResultBuffer,
  options: CompressionOptions = {},
): ChatMessage[] {
  const keep = options.keepRecentIterations ?? 2;
  const previewLength = options.previewLength ?? 200;
  const resultMessageIndexes = messages.flatMap((message, index) => (hasToolResults(message) ? [index] : []));
  const toCompress = new Set(resultMessageIndexes.slice(0, Math.max(0, resultMessageIndexes.length - keep)));
  const threshold = previewLength + 80;

  return messages.map((message, index) => {
    if (!toCompress.has(index) || typeof message.content === 'string') return message;
    let changed = false;
    const content = message.content.map((block): ContentBlock => {
      if (block.type !== 'tool_result' || block.content.length <= threshold) return block;
      if (!buffer.has(block.tool_use_id)) buffer.set(block.tool_use_id, block.content);
      changed = true;
      const full = buffer.get(block.tool_use_id) ?? block.content;
      return {
        ...block,
        content: compressedPreview(block.tool_use_id, full, previewLength),
      } satisfies ToolResultBlock;
    });
    return changed ? { ...message, content } : message;
  });
}

function hasToolResults(message: ChatMessage): boolean {
  return Array.isArray(message.content) && message.content.some((block) => block.type === 'tool_result');
}
