/** Plain text from the user or the model. */
export interface TextBlock {
  type: 'text';
  text: string;
}

/** A tool call requested by the model. `input` is untrusted: anything the model produced. */
export interface ToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** The answer to one tool_use block. */
export interface ToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string;
  is_error?: boolean;
}

/** Anthropic-style content blocks: the one message vocabulary used across the runtime. */
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock;

/** One message of a conversation. */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string | ContentBlock[];
}
