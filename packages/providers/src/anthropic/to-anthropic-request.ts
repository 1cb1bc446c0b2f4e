import type {
  ContentBlockParam,
  MessageParam,
  TextBlockParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages';
import type { ChatMessage, ContentBlock, ProviderTool } from '@switchboard/core';

const EPHEMERAL = { type: 'ephemeral' } as const;

/** The system prompt as one text block; with caching, a cache breakpoint on it. Omitted when empty. */
export function toAnthropicSystem(system: string, cache: boolean): TextBlockParam[] | undefined {
  if (!system) return undefined;
  return [{ type: 'text', text: system, ...(cache ? { cache_control: EPHEMERAL } : {}) }];
}

/** Provider tools as Anthropic tools, with a cache breakpoint on each tool at `breakpoints`. */
export function toAnthropicTools(
  tools: readonly ProviderTool[],
  breakpoints: readonly number[] = [],
): Tool[] {
  return tools.map((tool, index) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.input_schema as Tool.InputSchema,
    ...(breakpoints.includes(index) ? { cache_control: EPHEMERAL } : {}),
  }));
}

/**
 * Our messages as Anthropic message params, from a history `normalizeHistory` made valid (no blank
 * text, every call answered). The vocabularies are the same; two things are fixed on the way: empty
 * text blocks (which the API rejects) are dropped, and a tool_use input that is not an
 * object (the raw text of arguments the model got wrong) is wrapped as `{ _raw: … }`, since the API
 * only accepts objects there. Each message at `breakpoints` gets a cache breakpoint on its last block
 * (text content becomes one text block to carry it); see {@link isCacheableMessage}.
 */
export function toAnthropicMessages(
  messages: readonly ChatMessage[],
  breakpoints: readonly number[] = [],
): MessageParam[] {
  return messages.map((message, index) => {
    if (!breakpoints.includes(index) || !isCacheableMessage(message)) {
      return {
        role: message.role,
        content: typeof message.content === 'string' ? message.content : toBlocks(message.content),
      };
    }
    const blocks: ContentBlockParam[] =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : toBlocks(message.content);
    const last = blocks.length - 1;
    return {
      role: message.role,
      content: blocks.map((block, at) => (at === last ? { ...block, cache_control: EPHEMERAL } : block)),
    };
  });
}

/**
 * Whether a message can carry a cache breakpoint: the API refuses one on an empty text block, and a
 * message is sent ending in one only when all its text is empty.
 */
export function isCacheableMessage(message: ChatMessage): boolean {
  if (typeof message.content === 'string') return message.content !== '';
  return message.content.some((block) => block.type !== 'text' || block.text !== '');
}

function toBlocks(blocks: readonly ContentBlock[]): ContentBlockParam[] {
  const kept = blocks.filter((block) => block.type !== 'text' || block.text !== '');
  return (kept.length > 0 ? kept : blocks).map(toBlock);
}

function toBlock(block: ContentBlock): ContentBlockParam {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id, name: block.name, input: toInputObject(block.input) };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.tool_use_id,
        content: block.content,
        ...(block.is_error ? { is_error: true } : {}),
      };
  }
}

function toInputObject(input: unknown): Record<string, unknown> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input))
    return input as Record<string, unknown>;
  return { _raw: input };
}
