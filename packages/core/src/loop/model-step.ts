import { randomId } from '../shared/random-id.ts';
import type { AgentEventInput } from '../types/events.ts';
import type { ToolUseBlock } from '../types/messages.ts';
import type { LanguageModel, ModelFinishReason, ModelRequest, Usage } from '../types/model.ts';
import { AttemptOutput } from './attempt-output.ts';

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
 * tool call start/args/end, and a `model_retry` CUSTOM event while the adapter waits to retry). An
 * adapter's `retry` voids what the call streamed so far: that output is closed and discarded
 * (`model_output_discarded`) and the next attempt streams under a new message id. A call that fails
 * (or throws, or ends without `finish`) keeps none of its output, so no half-written reply reaches
 * the conversation; a stopped call keeps its text but no tool calls. Every started text message and
 * tool call is ended, whatever happens.
 */
export async function runModelStep(
  model: LanguageModel,
  request: ModelRequest,
  emit: (event: AgentEventInput) => void,
  onText?: (delta: string) => void,
): Promise<ModelStepResult> {
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  let output = new AttemptOutput(emit);
  let finish: ModelStepResult['finish'] | undefined;
  let error: string | undefined;
  let errorType: string | undefined;

  try {
    for await (const event of model.stream(request)) {
      if (request.signal.aborted) break;
      switch (event.type) {
        case 'text_delta':
          if (!event.text) break;
          output.addText(event.text);
          onText?.(event.text);
          break;
        case 'tool_call_delta':
          output.startCall(event.id, event.name);
          if (event.argumentsDelta) output.addArgs(event.id, event.argumentsDelta);
          break;
        case 'tool_call': {
          const id = event.id || `toolu_${randomId()}`;
          if (output.startCall(id, event.name)) output.addArgs(id, JSON.stringify(event.input ?? {}));
          output.completeCall({ type: 'tool_use', id, name: event.name, input: event.input ?? {} });
          break;
        }
        case 'usage':
          addUsage(usage, event.usage);
          break;
        case 'retry':
          output.discard('retry');
          output = new AttemptOutput(emit);
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
  if (request.signal.aborted) {
    output.discard('aborted', true);
    return { text: output.text, toolUses: [], usage, finish: 'aborted' };
  }
  if (finish === undefined || finish === 'error') {
    output.discard('error');
    const reported =
      finish === undefined
        ? 'the model stream ended without a finish event'
        : (error ?? 'the model reported an error');
    return {
      text: '',
      toolUses: [],
      usage,
      finish: 'error',
      error: reported,
      ...(errorType ? { errorType } : {}),
    };
  }
  output.close();
  return { text: output.text, toolUses: output.toolUses, usage, finish };
}

/** Adds `extra` token counts into `total`. */
export function addUsage(total: Usage, extra: Usage): void {
  total.inputTokens += extra.inputTokens;
  total.outputTokens += extra.outputTokens;
  if (extra.cacheReadTokens) total.cacheReadTokens = (total.cacheReadTokens ?? 0) + extra.cacheReadTokens;
  if (extra.cacheWriteTokens) total.cacheWriteTokens = (total.cacheWriteTokens ?? 0) + extra.cacheWriteTokens;
}
