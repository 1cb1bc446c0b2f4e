import type { FakeJsonReply } from './fake-model-server.ts';
import { anthropicError } from './wire-streams.ts';

interface Block {
  type?: unknown;
  text?: unknown;
  id?: unknown;
  tool_use_id?: unknown;
}

/** A turn as the API reads it: consecutive messages of one role combined, with where each block came from. */
interface Turn {
  role: unknown;
  /** The index of the turn's first message. */
  at: number;
  blocks: Array<{ block: Block; path: string }>;
}

/**
 * The 400 Anthropic's Messages API answers a request's `messages` with when they break its rules
 * (the first one found, in the API's words where we have seen them); undefined when they keep them.
 * The rules, from the Messages API reference (the `messages` parameter: consecutive user or
 * assistant turns are combined into one turn; every message but an optional final assistant one
 * has non-empty content), the tool use guide ("Handling tool use and tool result blocks": each
 * tool_result must follow its tool_use in the very next message, tool_result blocks first in their
 * user message, every tool_use answered) and the errors the API returns for them:
 * - a text block must hold non-whitespace text (`text content blocks must contain non-whitespace
 *   text`; an empty one: `text content blocks must be non-empty`); a string content is one text block;
 * - a message's content must not be empty, except a final assistant message's;
 * - the tool_use ids of an assistant turn are all answered by tool_result blocks in the next turn;
 * - a tool_result block answers a tool_use of the previous turn, and comes before any other block;
 * - a final assistant turn (a prefill) must not end in whitespace.
 */
export function anthropicMessagesError(body: unknown): FakeJsonReply | undefined {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  if (!Array.isArray(messages)) return undefined;
  for (const [index, message] of (messages as Array<{ role?: unknown; content?: unknown }>).entries()) {
    const final = index === messages.length - 1 && message.role === 'assistant';
    const content = message.content;
    if ((content === '' || (Array.isArray(content) && content.length === 0)) && !final)
      return invalid(
        `messages.${index}: all messages must have non-empty content except for the optional final assistant message`,
      );
    for (const { block, path } of blocksOf(content, `messages.${index}`)) {
      if (block.type !== 'text') continue;
      if (block.text === '' && !final) return invalid(`${path}: text content blocks must be non-empty`);
      if (typeof block.text === 'string' && block.text !== '' && block.text.trim() === '')
        return invalid('messages: text content blocks must contain non-whitespace text');
    }
  }
  const turns = combinedTurns(messages as Array<{ role?: unknown; content?: unknown }>);
  let asked: string[] = [];
  let askedAt = 0;
  for (const turn of turns) {
    const answered = new Set<string>();
    let others = false;
    for (const { block, path } of turn.blocks) {
      if (block.type !== 'tool_result') {
        others = true;
        continue;
      }
      const id = String(block.tool_use_id ?? '');
      if (turn.role !== 'user' || !asked.includes(id))
        return invalid(
          `${path}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
        );
      if (others)
        return invalid(
          `${path}: \`tool_result\` blocks must come first in a user message, before any other content.`,
        );
      answered.add(id);
    }
    const unanswered = asked.filter((id) => !answered.has(id));
    if (unanswered.length > 0)
      return invalid(
        `messages.${askedAt}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${unanswered.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
      );
    asked =
      turn.role === 'assistant'
        ? turn.blocks.flatMap(({ block }) => (block.type === 'tool_use' ? [String(block.id)] : []))
        : [];
    askedAt = turn.at;
  }
  if (asked.length > 0)
    return invalid(
      `messages.${askedAt}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${asked.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
    );
  const last = turns.at(-1);
  const lastBlock = last?.role === 'assistant' ? last.blocks.at(-1)?.block : undefined;
  if (lastBlock?.type === 'text' && typeof lastBlock.text === 'string' && /\s$/.test(lastBlock.text))
    return invalid('messages: final assistant content cannot end with trailing whitespace');
  return undefined;
}

function combinedTurns(messages: ReadonlyArray<{ role?: unknown; content?: unknown }>): Turn[] {
  const turns: Turn[] = [];
  for (const [index, message] of messages.entries()) {
    const blocks = blocksOf(message.content, `messages.${index}`);
    const last = turns.at(-1);
    if (last && last.role === message.role) last.blocks.push(...blocks);
    else turns.push({ role: message.role, at: index, blocks });
  }
  return turns;
}

function blocksOf(content: unknown, path: string): Array<{ block: Block; path: string }> {
  if (typeof content === 'string')
    return [{ block: { type: 'text', text: content }, path: `${path}.content` }];
  if (!Array.isArray(content)) return [];
  return (content as Block[]).map((block, index) => ({ block, path: `${path}.content.${index}` }));
}

function invalid(message: string): FakeJsonReply {
  return anthropicError(400, 'invalid_request_error', message);
}
