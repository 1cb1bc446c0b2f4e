import type { HistoryCall } from '@switchboard/ui';
import { shownWidget } from '../shown-widget.ts';

/** A stored message as `GET /conversations/:id/messages` lists it. */
export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string | null;
  /** An assistant message's calls. */
  tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
  /** A `tool` message: the call it answers, the tool's name, and whether it failed. */
  tool_call_id?: string;
  name?: string;
  is_error?: boolean;
  /** A user message its turn never answered, and why. */
  unanswered?: 'interrupted' | 'failed' | 'not_saved';
  /** On a turn's last assistant message: the turn's tokens and, where its model is priced, their cost. */
  usage?: { input_tokens: number; output_tokens: number; cost?: { amount: number; currency: string } };
}

/**
 * The finished calls of a stored conversation, in the order their results were stored, each filed
 * under the user message whose turn made it (so a reloaded conversation shows the same chips and
 * widget tooltips). Stored messages keep no call times; a call without a result (still waiting for
 * approval) is left out.
 */
export function historyCalls(messages: readonly StoredMessage[]): HistoryCall[] {
  const calls = new Map<string, { name: string; args: unknown }>();
  const history: HistoryCall[] = [];
  let turnId: string | undefined;
  for (const message of messages) {
    if (message.role === 'user') turnId = message.id;
    for (const call of message.tool_calls ?? [])
      calls.set(call.id, { name: call.function.name, args: parseArguments(call.function.arguments) });
    if (message.role !== 'tool' || message.tool_call_id === undefined || turnId === undefined) continue;
    const call = calls.get(message.tool_call_id);
    const name = call?.name ?? message.name ?? 'unknown';
    const result = message.content ?? '';
    const widgetId = shownWidget(name, result, message.is_error === true);
    history.push({
      turnId,
      id: message.tool_call_id,
      name,
      args: call?.args ?? {},
      result,
      ...(message.is_error ? { error: result || 'the tool failed' } : {}),
      ...(widgetId ? { widgetId } : {}),
    });
  }
  return history;
}

/** A call's arguments as the model wrote them (JSON), or the text itself when it is not JSON. */
function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
