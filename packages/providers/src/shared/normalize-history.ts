import type { ChatMessage, ContentBlock, ModelRequest, ToolResultBlock } from '@switchboard/core';

/** A history as a vendor accepts it, with the request's stable prefix counted in its messages. */
export interface NormalizedHistory {
  messages: ChatMessage[];
  /** The request's `stableMessageCount` in normalized messages (undefined when the request gave none). */
  stableMessageCount?: number;
}

/** The result a call gets on the way to the vendor when the history holds none for it. */
export const MISSING_RESULT_TEXT =
  'Error: this call has no result: it did not run, or its result was lost (the turn stopped or failed).';

interface Sourced {
  role: ChatMessage['role'];
  blocks: ContentBlock[];
  /** The highest index of a request message this message holds something of (the length for added ones). */
  origin: number;
  /** The message's text content as given, while it is kept as it was (sent as a string again). */
  plain?: string;
}

/**
 * Turns a stored history into one every vendor accepts, without changing what it says; the stored
 * history keeps what happened, this runs at the adapter's edge. A history holds what a turn did:
 * a model step that was only whitespace (`"\n\n"` before a tool call), a turn that failed before its
 * answer (two user messages in a row), a stop between a call and its result, results answered in
 * another order. On the way out:
 * - text blocks that are empty or only whitespace are dropped (Anthropic refuses them), and a
 *   message left with nothing is dropped;
 * - consecutive user messages become one, and so do consecutive assistant messages when the first
 *   made no tool call;
 * - each assistant message's tool calls are answered by the next message, its results first and in
 *   call order: a result found there is moved up, a missing one is added as an error result
 *   ({@link MISSING_RESULT_TEXT}); a result answering no call of the message before it is dropped;
 * - a final assistant message loses its trailing whitespace (Anthropic refuses it in a prefill).
 */
export function normalizeHistory(request: {
  messages: readonly ChatMessage[];
  stableMessageCount?: ModelRequest['stableMessageCount'];
}): NormalizedHistory {
  const { messages } = request;
  const cleaned = mergeUserMessages(
    messages.flatMap((message, index): Sourced[] => {
      const blocks = cleanBlocks(message);
      if (blocks.length === 0) return [];
      const plain = typeof message.content === 'string' ? { plain: message.content } : {};
      return [{ role: message.role, blocks, origin: index, ...plain }];
    }),
  );
  const paired = pairToolCalls(cleaned, messages.length);
  trimFinalAssistant(paired);
  const stable = request.stableMessageCount;
  return {
    messages: paired.map((message) => ({ role: message.role, content: message.plain ?? message.blocks })),
    ...(stable === undefined
      ? {}
      : { stableMessageCount: paired.filter((message) => message.origin < stable).length }),
  };
}

/** A message's blocks without blank text, and without blocks its role never sends. */
function cleanBlocks(message: ChatMessage): ContentBlock[] {
  const blocks: ContentBlock[] =
    typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
  return blocks.filter((block) => {
    if (block.type === 'text') return block.text.trim() !== '';
    return message.role === 'assistant' ? block.type === 'tool_use' : block.type === 'tool_result';
  });
}

function mergeUserMessages(messages: readonly Sourced[]): Sourced[] {
  const merged: Sourced[] = [];
  for (const message of messages) {
    const last = merged.at(-1);
    if (last?.role === 'user' && message.role === 'user') {
      last.blocks = [...last.blocks, ...message.blocks];
      last.origin = message.origin;
      delete last.plain;
    } else merged.push({ ...message });
  }
  return merged;
}

function pairToolCalls(messages: readonly Sourced[], length: number): Sourced[] {
  const paired: Sourced[] = [];
  let open: string[] = [];
  const answerOpen = (origin: number) => {
    paired.push({ role: 'user', blocks: open.map(missingResult), origin });
    open = [];
  };
  for (const message of messages) {
    if (message.role === 'assistant') {
      if (open.length > 0) answerOpen(message.origin);
      const last = paired.at(-1);
      if (last?.role === 'assistant') {
        last.blocks = [...last.blocks, ...message.blocks];
        last.origin = message.origin;
        delete last.plain;
      } else paired.push({ ...message });
      open = message.blocks.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
      continue;
    }
    const results = open.map(
      (id) =>
        message.blocks.find(
          (block): block is ToolResultBlock => block.type === 'tool_result' && block.tool_use_id === id,
        ) ?? missingResult(id),
    );
    open = [];
    const text = message.blocks.filter((block) => block.type === 'text');
    const blocks = [...results, ...text];
    if (blocks.length === 0) continue;
    const unchanged = results.length === 0 && blocks.length === message.blocks.length;
    paired.push(unchanged ? { ...message } : { role: 'user', blocks, origin: message.origin });
  }
  if (open.length > 0) answerOpen(length);
  return paired;
}

function trimFinalAssistant(messages: Sourced[]): void {
  const last = messages.at(-1);
  const block = last?.role === 'assistant' ? last.blocks.at(-1) : undefined;
  if (last === undefined || block?.type !== 'text') return;
  last.blocks = [...last.blocks.slice(0, -1), { type: 'text', text: block.text.trimEnd() }];
  if (last.plain !== undefined) last.plain = last.plain.trimEnd();
}

function missingResult(id: string): ToolResultBlock {
  return { type: 'tool_result', tool_use_id: id, content: MISSING_RESULT_TEXT, is_error: true };
}
