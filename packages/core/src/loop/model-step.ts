import type { AgentEventInput } from '../types/events.ts';
import type { ToolUseBlock } from '../types/messages.ts';
import type { LanguageModel, ModelFinishReason, ModelRequest, Usage } from '../types/model.ts';
import { randomId } from './agent-session.ts';

/** What one model call produced. */
export interface ModelStepResult {
  text: string;
  toolUses: ToolUseBlock[];
  usage: Usage;
  finish: ModelFinishReason | 'aborted';
  error?: string;
  /** With `error`: the vendor's error type, when the model gave one. */
  errorType?: string;
}

/**
 * Streams one model call, turning its events into AG-UI events (text message start/content/end,
 * tool call start/args/end, and a `model_retry` CUSTOM event while the adapter waits to retry). A model that throws or ends without `finish` yields an `error` finish.
 */
export async function runModelStep(
  model: LanguageModel,
  request: ModelRequest,
  emit: (event: AgentEventInput) => void,
  onText?: (delta: string) => void,
): Promise<ModelStepResult> {
  const messageId = `msg_${randomId()}`;
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const toolUses: ToolUseBlock[] = [];
  const started = new Set<string>();
  let text = '';
  let textOpen = false;
  let finish: ModelStepResult['finish'] | undefined;
  let error: string | undefined;
  let errorType: string | undefined;

  const startCall = (id: string, name: string) => {
    if (started.has(id)) return false;
    started.add(id);
    emit({ type: 'TOOL_CALL_START', toolCallId: id, toolCallName: name, parentMessageId: messageId });
    return true;
  };

  try {
    for await (const event of model.stream(request)) {
      if (request.signal.aborted) break;
      switch (event.type) {
        case 'text_delta':
          if (!event.text) break;
          if (!textOpen) {
            textOpen = true;
            emit({ type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' });
          }
          text += event.text;
          emit({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta: event.text });
          onText?.(event.text);
          break;
        case 'tool_call_delta':
          startCall(event.id, event.name);
          if (event.argumentsDelta)
            emit({ type: 'TOOL_CALL_ARGS', toolCallId: event.id, delta: event.argumentsDelta });
          break;
        case 'tool_call': {
          const id = event.id || `toolu_${randomId()}`;
          if (startCall(id, event.name)) {
            emit({ type: 'TOOL_CALL_ARGS', toolCallId: id, delta: JSON.stringify(event.input ?? {}) });
          }
          emit({ type: 'TOOL_CALL_END', toolCallId: id });
          toolUses.push({ type: 'tool_use', id, name: event.name, input: event.input ?? {} });
          break;
        }
        case 'usage':
          addUsage(usage, event.usage);
          break;
        case 'retry':
          emit({
            type: 'CUSTOM',
            name: 'model_retry',
            value: {
              attempt: event.attempt,
              waitMs: event.waitMs,
              reason: event.reason,
              ...(event.errorType ? { vendorType: event.errorType } : {}),
            },
          });
          break;
        case 'finish':
          finish = event.reason;
          error = event.error;
          errorType = event.errorType;
          break;
      }
    }
  } catch (thrown) {
    if (!request.signal.aborted) {
      finish = 'error';
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
  }
  if (textOpen) emit({ type: 'TEXT_MESSAGE_END', messageId });
  if (request.signal.aborted) return { text, toolUses: [], usage, finish: 'aborted' };
  if (finish === undefined) {
    return { text, toolUses, usage, finish: 'error', error: 'the model stream ended without a finish event' };
  }
  if (finish === 'error') {
    const reported = error ?? 'the model reported an error';
    return { text, toolUses: [], usage, finish, error: reported, ...(errorType ? { errorType } : {}) };
  }
  return { text, toolUses, usage, finish };
}

/** Adds `extra` token counts into `total`. */
export function addUsage(total: Usage, extra: Usage): void {
  total.inputTokens += extra.inputTokens;
  total.outputTokens += extra.outputTokens;
  if (extra.cacheReadTokens) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + extra.cacheReadTokens;
  if (extra.cacheWriteTokens) total.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + extra.cacheWriteTokens;
}
