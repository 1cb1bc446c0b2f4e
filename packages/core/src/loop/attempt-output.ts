import { randomId } from '../shared/random-id.ts';
import type { AgentEventInput } from '../types/events.ts';
import type { ToolUseBlock } from '../types/messages.ts';

/** Why a model attempt's output was dropped: the adapter asked again, the call failed, or it was stopped. */
export type DiscardReason = 'retry' | 'error' | 'aborted';

/**
 * The AG-UI events of one model attempt's output: its text message (TEXT_MESSAGE_START, CONTENT, END
 * under one message id) and its tool calls (TOOL_CALL_START, ARGS, END). It keeps every started
 * message and call paired: `close` ends the text message and every call still open. `discard`
 * closes them and emits the CUSTOM `model_output_discarded` event `{messageId?, toolCallIds, reason}`,
 * telling clients to drop that text and those calls: they are not part of the conversation.
 */
export class AttemptOutput {
  readonly messageId = `msg_${randomId()}`;
  readonly toolUses: ToolUseBlock[] = [];
  text = '';
  readonly #emit: (event: AgentEventInput) => void;
  readonly #started: string[] = [];
  readonly #open = new Set<string>();
  #textOpen = false;

  constructor(emit: (event: AgentEventInput) => void) {
    this.#emit = emit;
  }

  addText(delta: string): void {
    if (!this.#textOpen) {
      this.#textOpen = true;
      this.#emit({ type: 'TEXT_MESSAGE_START', messageId: this.messageId, role: 'assistant' });
    }
    this.text += delta;
    this.#emit({ type: 'TEXT_MESSAGE_CONTENT', messageId: this.messageId, delta });
  }

  /** Starts a call unless it has started; says whether it did. */
  startCall(id: string, name: string): boolean {
    if (this.#started.includes(id)) return false;
    this.#started.push(id);
    this.#open.add(id);
    this.#emit({
      type: 'TOOL_CALL_START',
      toolCallId: id,
      toolCallName: name,
      parentMessageId: this.messageId,
    });
    return true;
  }

  addArgs(id: string, delta: string): void {
    this.#emit({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta });
  }

  /** Ends a call, complete: it is one of the attempt's tool uses. */
  completeCall(block: ToolUseBlock): void {
    this.#endCall(block.id);
    this.toolUses.push(block);
  }

  /** Ends the text message and every call still open. */
  close(): void {
    if (this.#textOpen) {
      this.#textOpen = false;
      this.#emit({ type: 'TEXT_MESSAGE_END', messageId: this.messageId });
    }
    for (const id of [...this.#open]) this.#endCall(id);
  }

  /**
   * Closes the output and tells clients to drop it: the text (unless `keepText`, as a stopped run keeps
   * what it said) and every call. Emits nothing when there is nothing to drop.
   */
  discard(reason: DiscardReason, keepText = false): void {
    this.close();
    const dropText = !keepText && this.text !== '';
    if (!dropText && this.#started.length === 0) return;
    this.#emit({
      type: 'CUSTOM',
      name: 'model_output_discarded',
      value: {
        ...(dropText ? { messageId: this.messageId } : {}),
        toolCallIds: [...this.#started],
        reason,
      },
    });
  }

  #endCall(id: string): void {
    if (!this.#open.delete(id)) return;
    this.#emit({ type: 'TOOL_CALL_END', toolCallId: id });
  }
}
