import type { ProviderTool } from '@switchboard/core';
import type { ChatCompletionFunctionTool } from 'openai/resources/chat/completions';
import { isStrictCompatibleSchema } from './is-strict-compatible-schema.ts';

/**
 * Converts provider tools to Chat Completions function tools. `strict: true` is set only on tools
 * whose schema satisfies strict mode (and only when `strict` is allowed); otherwise it is omitted.
 */
export function toOpenAITools(tools: readonly ProviderTool[], strict: boolean): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.input_schema,
      ...(strict && isStrictCompatibleSchema(tool.input_schema) ? { strict: true } : {}),
    },
  }));
}
