import type { ModelStreamEvent } from '@switchboard/core';
import { parseToolArguments } from './parse-tool-arguments.ts';

/** One streamed piece of a tool call, as OpenAI-style chunks carry it in `delta.tool_calls`. */
export interface ToolCallDeltaPart {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/** Assembles streamed tool-call pieces into complete calls, keyed by `index`. */
export interface ToolCallAssembler {
  /** Adds one piece; returns the delta event to show, if the piece carried a name or arguments. */
  add(part: ToolCallDeltaPart): ModelStreamEvent | undefined;
  /** The complete calls in the order they started, with parsed inputs. */
  finish(): ModelStreamEvent[];
}

interface PendingCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Creates an assembler for OpenAI-style tool-call deltas. Pieces of several calls may interleave; each
 * names its call by `index`. Servers that omit `index` (older Ollama) send whole calls, one per id.
 * A new id at an index already in use starts a new call (some servers reuse index 0 for every call).
 */
export function createToolCallAssembler(createId: () => string): ToolCallAssembler {
  const calls: PendingCall[] = [];
  const byIndex = new Map<number, PendingCall>();

  function callFor(part: ToolCallDeltaPart): PendingCall {
    const existing =
      part.index === undefined ? (part.id ? undefined : calls.at(-1)) : byIndex.get(part.index);
    if (existing && !(part.id && part.id !== existing.id)) return existing;
    const call: PendingCall = { id: part.id || createId(), name: '', arguments: '' };
    calls.push(call);
    if (part.index !== undefined) byIndex.set(part.index, call);
    return call;
  }

  return {
    add(part) {
      const call = callFor(part);
      if (part.function?.name) call.name = part.function.name;
      const argumentsDelta = part.function?.arguments ?? '';
      call.arguments += argumentsDelta;
      if (!part.function?.name && argumentsDelta === '') return undefined;
      return { type: 'tool_call_delta', id: call.id, name: call.name, argumentsDelta };
    },
    finish() {
      return calls.map((call) => ({
        type: 'tool_call',
        id: call.id,
        name: call.name,
        input: parseToolArguments(call.arguments),
      }));
    },
  };
}
