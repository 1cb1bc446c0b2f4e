/**
 * @switchboard/providers — model adapters behind core's `LanguageModel` interface: Anthropic, any
 * OpenAI-compatible server, the text tool protocol for models without native tool calling, in-browser
 * web-llm engines, and the choice of model from environment variables or an operator's model
 * settings (createVendorModel). The fake vendor server for tests lives in
 * `@switchboard/providers/testing`. The offline planner, the deterministic default when no model is
 * configured, lives beside the servers whose requests it understands: `@switchboard/servers/offline-planner`.
 */
export { type AnthropicModelOptions, createAnthropicModel } from './anthropic/create-anthropic-model.ts';
export {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_OPENAI_MODEL,
  type ModelEnvironment,
  type ModelFromEnvironmentOptions,
  modelFromEnvironment,
} from './environment/model-from-environment.ts';
export { type ModelSpec, parseModelSpec } from './environment/parse-model-spec.ts';
export { createOpenAIModel, type OpenAIModelOptions } from './openai/create-openai-model.ts';
export type { ChatCompletionChunkLike } from './shared/stream-chat-completion.ts';
export { buildTextProtocolPrompt } from './text-protocol/build-text-protocol-prompt.ts';
export type { TextProtocolSyntax } from './text-protocol/text-protocol-syntax.ts';
export {
  createTextToolCallParser,
  type TextProtocolParseError,
  type TextProtocolPiece,
  type TextToolCallParser,
} from './text-protocol/text-tool-call-parser.ts';
export {
  type TextToolProtocolOptions,
  withTextToolProtocol,
} from './text-protocol/with-text-tool-protocol.ts';
export {
  createVendorModel,
  MODEL_VENDORS,
  type ModelVendor,
  type VendorModelOptions,
} from './vendor-model/create-vendor-model.ts';
export {
  createWebLlmModel,
  type WebLlmChatRequest,
  type WebLlmEngine,
  type WebLlmMessage,
  type WebLlmModelOptions,
} from './web-llm/create-web-llm-model.ts';
