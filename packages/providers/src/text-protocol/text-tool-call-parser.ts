import type { TextProtocolSyntax } from './text-protocol-syntax.ts';

/** A piece of parsed model output: text to show, or a tool call in the syntax the model wrote it in. */
export type TextProtocolPiece =
  | { type: 'text'; text: string }
  | { type: 'call'; name: string; input: unknown; syntax: TextProtocolSyntax };

/** A Qwen-style call as read, before its syntax is noted. */
type QwenCall = { type: 'call'; name: string; input: unknown };

/** The input of a call whose arguments could not be read: the dispatcher reports it to the model. */
export interface TextProtocolParseError {
  __parse_error: string;
  raw: string;
}

/** Parses tool calls out of streamed text; feed it the chunks in order, then call `end`. */
export interface TextToolCallParser {
  push(chunk: string): TextProtocolPiece[];
  end(): TextProtocolPiece[];
}

const TOOL_OPEN = '<tool>';
const TOOL_CLOSE = '</tool>';
const PARAMS_OPEN = '<params>';
const PARAMS_CLOSE = '</params>';
const QWEN_OPEN = '<tool_call>';
const QWEN_CLOSE = '</tool_call>';
const OPENERS = [TOOL_OPEN, QWEN_OPEN];

/** A tool name longer than this without `</tool>` means `<tool>` was prose, not a call. */
const MAX_NAME_LENGTH = 128;

/** Used when a Qwen-style call's JSON is unreadable and no name can be found in it. */
const UNKNOWN_NAME = 'unknown_tool';

type State = 'text' | 'name' | 'between' | 'params' | 'qwen';

/**
 * Creates a streaming parser for text-protocol tool calls: `<tool>name</tool><params>{…}</params>` and
 * Qwen-style `<tool_call>{"name": …, "arguments": {…}}</tool_call>`. Tags may be split across chunks;
 * text around calls comes out as text as soon as it cannot be the start of a tag, and the markup never
 * does. Arguments that are not a JSON object become a {@link TextProtocolParseError} input.
 */
export function createTextToolCallParser(): TextToolCallParser {
  let state: State = 'text';
  let buffer = '';
  let name = '';

  function step(out: TextProtocolPiece[]): boolean {
    switch (state) {
      case 'text': {
        const match = /<tool(?:_call)?>/.exec(buffer);
        if (match) {
          pushText(out, buffer.slice(0, match.index));
          buffer = buffer.slice(match.index + match[0].length);
          state = match[0] === TOOL_OPEN ? 'name' : 'qwen';
          return true;
        }
        const held = heldBack(buffer);
        pushText(out, buffer.slice(0, buffer.length - held));
        buffer = buffer.slice(buffer.length - held);
        return false;
      }
      case 'name': {
        const close = buffer.indexOf(TOOL_CLOSE);
        if (close === -1) {
          if (buffer.length <= MAX_NAME_LENGTH) return false;
          pushText(out, TOOL_OPEN);
          state = 'text';
          return true;
        }
        name = buffer.slice(0, close).trim();
        buffer = buffer.slice(close + TOOL_CLOSE.length);
        state = 'between';
        return true;
      }
      case 'between': {
        const rest = buffer.trimStart();
        if (rest.startsWith(PARAMS_OPEN)) {
          buffer = rest.slice(PARAMS_OPEN.length);
          state = 'params';
          return true;
        }
        if (PARAMS_OPEN.startsWith(rest)) return false;
        out.push({ type: 'call', name, input: {}, syntax: 'tags' });
        state = 'text';
        return true;
      }
      case 'params': {
        const close = buffer.indexOf(PARAMS_CLOSE);
        if (close === -1) return false;
        out.push({ type: 'call', name, input: parseParams(buffer.slice(0, close)), syntax: 'tags' });
        buffer = buffer.slice(close + PARAMS_CLOSE.length);
        state = 'text';
        return true;
      }
      case 'qwen': {
        const close = buffer.indexOf(QWEN_CLOSE);
        if (close === -1) return false;
        out.push({ ...parseQwenCall(buffer.slice(0, close)), syntax: 'qwen' });
        buffer = buffer.slice(close + QWEN_CLOSE.length);
        state = 'text';
        return true;
      }
    }
  }

  return {
    push(chunk) {
      buffer += chunk;
      const out: TextProtocolPiece[] = [];
      while (step(out));
      return out;
    },
    end() {
      const out: TextProtocolPiece[] = [];
      switch (state) {
        case 'text':
          pushText(out, buffer);
          break;
        case 'name':
          pushText(out, TOOL_OPEN + buffer);
          break;
        case 'between':
          out.push({
            type: 'call',
            name,
            input: buffer.trim() === '' ? {} : parseError('the reply ended inside <params>', buffer),
            syntax: 'tags',
          });
          break;
        case 'params':
          out.push({
            type: 'call',
            name,
            input: parseParams(buffer, 'params were not closed with </params>'),
            syntax: 'tags',
          });
          break;
        case 'qwen':
          out.push({ ...parseQwenCall(buffer), syntax: 'qwen' });
          break;
      }
      buffer = '';
      state = 'text';
      return out;
    },
  };
}

function pushText(out: TextProtocolPiece[], text: string): void {
  if (text) out.push({ type: 'text', text });
}

/** How many trailing characters could be the start of an opening tag (kept until the next chunk). */
function heldBack(text: string): number {
  for (let length = Math.min(text.length, QWEN_OPEN.length - 1); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (OPENERS.some((opener) => opener.startsWith(tail))) return length;
  }
  return 0;
}

/** Reads `<params>` content; lenient about code fences. `unclosed` explains a cut-off reply. */
function parseParams(raw: string, unclosed?: string): unknown {
  const text = stripCodeFence(raw);
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = unclosed ?? `params is not valid JSON: ${(error as Error).message}`;
    return parseError(`${reason}. Write one JSON object between <params> and </params>.`, raw);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return parseError(`params must be a JSON object (e.g. {"a": 1}), not ${describeJson(value)}`, raw);
  }
  return value;
}

/** Reads a Qwen-style call: `{"name": …, "arguments": {…}}` (`parameters` and string-encoded arguments accepted). */
function parseQwenCall(raw: string): QwenCall {
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(raw));
  } catch (error) {
    const name = /"name"\s*:\s*"([^"]+)"/.exec(raw)?.[1] ?? UNKNOWN_NAME;
    const message = `tool_call is not valid JSON: ${(error as Error).message}. Write {"name": "<tool>", "arguments": {…}} between <tool_call> and </tool_call>.`;
    return { type: 'call', name, input: parseError(message, raw) };
  }
  const call = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof call.name !== 'string' || call.name === '') {
    return { type: 'call', name: UNKNOWN_NAME, input: parseError('tool_call has no "name" string', raw) };
  }
  const args = call.arguments ?? call.parameters ?? {};
  if (typeof args === 'string') return { type: 'call', name: call.name, input: parseParams(args) };
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    const message = `tool_call "arguments" must be a JSON object, not ${describeJson(args)}`;
    return { type: 'call', name: call.name, input: parseError(message, raw) };
  }
  return { type: 'call', name: call.name, input: args };
}

function parseError(message: string, raw: string): TextProtocolParseError {
  return { __parse_error: message, raw };
}

function stripCodeFence(raw: string): string {
  return raw
    .trim()
    .replace(/^```(?:json)?\s*/, '')
    .replace(/\s*```$/, '')
    .trim();
}

function describeJson(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : `a ${typeof value}`;
}
