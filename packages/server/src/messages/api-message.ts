/** A tool call in a message, in the OpenAI-compatible shape the API speaks. */
export interface ApiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** The roles a stored message can have. */
export type ApiRole = 'user' | 'assistant' | 'system' | 'tool';

/** A message before it is stored (no id or timestamp yet). */
export interface MessageDraft {
  role: ApiRole;
  /** Text; `null` for an assistant message that only calls tools. */
  content: string | null;
  tool_calls?: ApiToolCall[];
  /** For `tool` messages: the call answered. */
  tool_call_id?: string;
  /** For `tool` messages: the tool's name. */
  name?: string;
  /** For `tool` messages: the result is an error. */
  is_error?: boolean;
  /**
   * For `user` messages whose turn never answered them (see {@link UnansweredReason}). The model gets
   * an interrupted or unsaved one with a note saying so, and a failed one not at all.
   */
  unanswered?: UnansweredReason;
}

/**
 * Why a user message has no answer: its gateway stopped mid-turn (`interrupted`), its turn failed
 * before the model answered anything (`failed`: nothing ran, send it again to retry), or the
 * turn's answer could not be saved (`not_saved`: tools it called may have run).
 */
export type UnansweredReason = 'interrupted' | 'failed' | 'not_saved';

/** A stored message of a conversation, as the API returns it. */
export interface ApiMessage extends MessageDraft {
  id: string;
  /** ISO 8601. */
  timestamp: string;
  /** On the last assistant message of a turn: the tokens the turn used and, where priced, their cost. */
  usage?: ReplyUsage;
}

/** The tokens a turn used (all its model calls) and, where its model has a price, what they cost. */
export interface ReplyUsage {
  input_tokens: number;
  output_tokens: number;
  cost?: { amount: number; currency: string };
}
