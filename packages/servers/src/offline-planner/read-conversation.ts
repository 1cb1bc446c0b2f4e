import type { ChatMessage, ContentBlock, ToolResultBlock, ToolUseBlock } from '@switchboard/core';
import { toolRole } from './tool-roles.ts';

/** One tool call of the conversation with its result (absent while the call is unanswered). */
export interface ToolExchange {
  call: ToolUseBlock;
  result?: ToolResultBlock;
  /**
   * The full result text: the result itself, or — when the loop compressed it to a preview — the
   * text a later `recall` of it returned. Undefined when there is no result or only a preview.
   */
  fullText?: string;
}

/** What the planner reads from a conversation. */
export interface Conversation {
  /** The latest user text: the request of the current turn. */
  userText?: string;
  /** The tool calls made since that text, in order. */
  turn: ToolExchange[];
  /** Every tool call of the conversation, oldest first (the current turn's included). */
  all: ToolExchange[];
}

const COMPRESSED = /\[compressed: recall\('([^']+)'\)/;

/** The tool_use id a compressed result preview points to, if the text is such a preview. */
export function compressedResultId(text: string): string | undefined {
  return COMPRESSED.exec(text)?.[1];
}

/**
 * Reads the conversation: the latest user text (the newest block of the last user message with text), the tool calls after it, and every tool call with its
 * result; results the loop compressed are restored from a later `recall` of them when there is one.
 */
export function readConversation(messages: readonly ChatMessage[]): Conversation {
  const turnStart = messages.findLastIndex((message) => message.role === 'user' && textOf(message) !== '');
  const results = new Map<string, ToolResultBlock>();
  for (const message of messages) {
    for (const block of blocksOf(message))
      if (block.type === 'tool_result') results.set(block.tool_use_id, block);
  }
  const all: ToolExchange[] = [];
  const turn: ToolExchange[] = [];
  messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    for (const block of blocksOf(message)) {
      if (block.type !== 'tool_use') continue;
      const exchange: ToolExchange = { call: block, result: results.get(block.id) };
      all.push(exchange);
      if (index > turnStart) turn.push(exchange);
    }
  });
  restoreFullTexts(all);
  const userText = turnStart === -1 ? undefined : newestTextOf(messages[turnStart] as ChatMessage);
  return { userText, turn, all };
}

function restoreFullTexts(exchanges: ToolExchange[]): void {
  const recalled = new Map<string, string>();
  for (const { call, result } of exchanges) {
    const id = (call.input as { id?: unknown } | null)?.id;
    if (toolRole(call.name) === 'recall' && typeof id === 'string' && result && !result.is_error) {
      recalled.set(id, result.content);
    }
  }
  for (const exchange of exchanges) {
    const content = exchange.result?.content;
    if (content === undefined) continue;
    exchange.fullText = compressedResultId(content) === undefined ? content : recalled.get(exchange.call.id);
  }
}

function blocksOf(message: ChatMessage): ContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/**
 * The newest request in a user message: its last text block. User messages sent in a row (one left
 * unanswered, then another) reach the model as one message of several text blocks, and the newest is
 * the one to answer.
 */
function newestTextOf(message: ChatMessage): string {
  const texts = blocksOf(message).flatMap((block) =>
    block.type === 'text' && block.text.trim() !== '' ? [block.text.trim()] : [],
  );
  return texts.at(-1) ?? '';
}

/** The text blocks of a message, joined; empty when it has none. */
function textOf(message: ChatMessage): string {
  return blocksOf(message)
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n')
    .trim();
}
