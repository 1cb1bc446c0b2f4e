import type { ChatMessage } from '../types/messages.ts';
import { type CompressionOptions, compressToolResults } from './compress-tool-results.ts';
import { ResultBuffer } from './result-buffer.ts';

/** The tool results of a next step, as far as compression counts them. */
const NEXT_RESULTS: ChatMessage = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'next', content: '' }],
};

/**
 * How many of the first `messages` the next step will send unchanged: compression (with these
 * options; `false` for none) rewrites an older tool result once a newer step pushes it out of the
 * kept iterations, and everything from the first rewritten message on is new to a prompt cache.
 * Found by compressing the history as the next step will (one more tool-result message).
 */
export function stableHistoryLength(
  messages: readonly ChatMessage[],
  compression: CompressionOptions | false | undefined,
): number {
  if (compression === false) return messages.length;
  const next = compressToolResults([...messages, NEXT_RESULTS], new ResultBuffer(), compression);
  const changed = messages.findIndex((message, index) => next[index] !== message);
  return changed === -1 ? messages.length : changed;
}
