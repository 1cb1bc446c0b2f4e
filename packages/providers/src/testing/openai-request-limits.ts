import { checkStrictModeSchema } from '@switchboard/core';
import type { FakeJsonReply } from './fake-model-server.ts';
import { openaiMessagesError } from './openai-message-rules.ts';
import { openaiError } from './wire-streams.ts';

/** The request limits OpenAI publishes for Chat Completions tools. */
export const OPENAI_REQUEST_LIMITS = Object.freeze({
  /** Tools per request. */
  maxTools: 128,
  /** Characters a function name may use. */
  toolNamePattern: '^[a-zA-Z0-9_-]+$',
  /** Characters in a function name. */
  maxToolName: 64,
  /** Characters in a function description. */
  maxToolDescription: 1024,
});

interface FunctionTool {
  function?: { name?: unknown; description?: unknown; parameters?: unknown; strict?: unknown };
}

/**
 * The 400 OpenAI answers a Chat Completions request body with, when it breaks a published tool limit
 * or the API's message rules (see {@link openaiMessagesError}; the first one found, as the API
 * reports it: same message, type, param and code); undefined when the request is within them.
 * Strict tools are checked against the strict-mode schema rules.
 */
export function openaiRequestError(body: unknown): FakeJsonReply | undefined {
  return toolsError(body) ?? openaiMessagesError(body);
}

function toolsError(body: unknown): FakeJsonReply | undefined {
  const tools = (body as { tools?: unknown } | undefined)?.tools;
  if (!Array.isArray(tools)) return undefined;
  if (tools.length > OPENAI_REQUEST_LIMITS.maxTools) {
    return invalid(
      'tools',
      `array too long. Expected an array with maximum length ${OPENAI_REQUEST_LIMITS.maxTools}, but got an array with length ${tools.length} instead.`,
      'array_above_max_length',
    );
  }
  for (const [index, tool] of (tools as FunctionTool[]).entries()) {
    const error = functionError(tool.function ?? {}, `tools[${index}].function`);
    if (error !== undefined) return error;
  }
  return undefined;
}

function functionError(fn: NonNullable<FunctionTool['function']>, param: string): FakeJsonReply | undefined {
  const name = String(fn.name ?? '');
  if (!new RegExp(OPENAI_REQUEST_LIMITS.toolNamePattern).test(name)) {
    return invalid(
      `${param}.name`,
      `string does not match pattern. Expected a string that matches the pattern '${OPENAI_REQUEST_LIMITS.toolNamePattern}'.`,
      'invalid_value',
    );
  }
  const tooLong = (field: string, value: string, max: number) =>
    invalid(
      `${param}.${field}`,
      `string too long. Expected a string with maximum length ${max}, but got a string with length ${value.length} instead.`,
      'string_above_max_length',
    );
  if (name.length > OPENAI_REQUEST_LIMITS.maxToolName) {
    return tooLong('name', name, OPENAI_REQUEST_LIMITS.maxToolName);
  }
  if (
    typeof fn.description === 'string' &&
    fn.description.length > OPENAI_REQUEST_LIMITS.maxToolDescription
  ) {
    return tooLong('description', fn.description, OPENAI_REQUEST_LIMITS.maxToolDescription);
  }
  const [problem] = fn.strict === true ? checkStrictModeSchema(fn.parameters) : [];
  if (problem !== undefined) {
    const reply = openaiError(
      400,
      `Invalid schema for function '${name}': ${problem}.`,
      'invalid_request_error',
    );
    return withParam(reply, `${param}.parameters`, 'invalid_function_parameters');
  }
  return undefined;
}

function invalid(param: string, detail: string, code: string): FakeJsonReply {
  return withParam(openaiError(400, `Invalid '${param}': ${detail}`, 'invalid_request_error'), param, code);
}

function withParam(reply: FakeJsonReply, param: string, code: string): FakeJsonReply {
  const body = reply.body as { error: Record<string, unknown> };
  return { ...reply, body: { error: { ...body.error, param, code } } };
}
