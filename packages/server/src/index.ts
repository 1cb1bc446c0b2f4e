/**
 * @switchboard/server — the gateway: HTTP API (Hono), streaming (AG-UI events over SSE, resumable on
 * any replica), persistence (PGlite or PostgreSQL), the MCP server registry, limits, auth, and the
 * `switchboard` CLI (./cli.ts).
 */

export { hashApiKey, newApiKey } from './auth/api-keys.ts';
export type { User, UserSeed } from './auth/user.ts';
export { createGateway, type Gateway, type GatewayOptions } from './gateway/create-gateway.ts';
export { buildOpenApiDocument } from './http/openapi-document.ts';
export type { WebAppOptions } from './http/serve-web-app.ts';
export { DEFAULT_GATEWAY_LIMITS, type GatewayLimits } from './limits/gateway-limits.ts';
export type { ApiMessage, ApiToolCall, MessageDraft, UnansweredReason } from './messages/api-message.ts';
export { fromApiMessages } from './messages/from-api-messages.ts';
export { toApiMessages } from './messages/to-api-messages.ts';
export { createLogger } from './observability/create-logger.ts';
export type { Database, Queryable } from './storage/database.ts';
export { type DatabaseOptions, openDatabase } from './storage/open-database.ts';
export type { Conversation, PendingCall } from './store/conversation.ts';
export type { ServerSeed } from './store/server-seed.ts';
export type { SequencedEvent, StreamEvent } from './store/stream-event.ts';
