import type { SchemaValidator } from '@switchboard/core';
import type { Logger } from 'pino';
import type { AccessTokenVerifier } from '../auth/access-token-verifier.ts';
import type { RequestSources } from '../auth/request-source.ts';
import type { User } from '../auth/user.ts';
import type { WebSignInOptions } from '../auth/web-sign-in.ts';
import type { GatewayBus } from '../bus/gateway-bus.ts';
import type { CallGate } from '../calls/call-gate.ts';
import type { DirectCallElicitations } from '../calls/direct-call-elicitations.ts';
import type { PendingQuestions } from '../calls/pending-questions.ts';
import type { CatalogCache } from '../chat/catalog-cache.ts';
import type { ModelResolver } from '../chat/model-resolver.ts';
import type { TurnRunner } from '../chat/turn-runner.ts';
import type { GatewayLimits } from '../limits/gateway-limits.ts';
import type { RateLimiter } from '../limits/rate-limiter.ts';
import type { RegistryClient } from '../registry/registry-client.ts';
import type { Database } from '../storage/database.ts';
import type { AuditTrail } from '../store/audit-trail.ts';
import type { SettingsStore } from '../store/settings-store.ts';
import type { UserCache } from '../store/user-cache.ts';
import type { ServerAuthorizations } from '../upstream/server-authorizations.ts';
import type { ServerRegistry } from '../upstream/server-registry.ts';
import type { EndpointMode } from './endpoint-mode.ts';

/** Everything the HTTP routes use. */
export interface GatewayServices {
  db: Database;
  bus: GatewayBus;
  registry: ServerRegistry;
  /** Users connecting servers that authorize with OAuth. */
  authorizations: ServerAuthorizations;
  runner: TurnRunner;
  /** Servers' questions to people (turns, direct calls), answerable on any replica. */
  questions: PendingQuestions;
  /** What servers ask during direct calls streamed to their caller, waiting for the caller's answer. */
  directCallElicitations: DirectCallElicitations;
  settings: SettingsStore;
  models: ModelResolver;
  catalogs: CatalogCache;
  limits: GatewayLimits;
  /** Absent when `requestsPerMinute` is 0. */
  rateLimiter?: RateLimiter;
  users: UserCache;
  /** The audit trail of tool calls, written in batches (flushed when the gateway closes). */
  endpointAudit: AuditTrail;
  /** Decides every user's tool call on `/mcp` and direct calls (rate limit, approval policy, audit row). */
  calls: CallGate;
  /** Validates request bodies (compiled schemas are cached in it). */
  validator: SchemaValidator;
  logger: Logger;
  instanceId: string;
  /** How often a stream following a turn on another replica polls without a notice (ms). */
  pollMs: number;
  /** No users: the holder of {@link localToken} is the local administrator (loopback-only deployments). */
  openAccess: boolean;
  /** An open gateway's per-install token (a bearer, or the cookie its printed link sets); absent with users. */
  localToken?: string;
  /** The hosts and page origins requests may come from (checked before any route). */
  requestSources: RequestSources;
  /** The authorization server whose access tokens `/mcp` and the REST API accept besides API keys; absent: API keys only. */
  accessTokens?: AccessTokenVerifier;
  /** The web app's sign-in at the `accessTokens` issuer (`GET /auth/sign-in-config`); absent: none. */
  webSignIn?: WebSignInOptions;
  /** `/mcp`'s mode for clients that name none; absent: by the number of servers. */
  mcpMode?: EndpointMode;
  /** Users may register servers on private networks and loopback. */
  allowPrivateNetworks: boolean;
  /** Origins users may register servers at although they are not public (see `GatewayOptions.trustedServerOrigins`). */
  trustedServerOrigins: readonly string[];
  /** Administrators may register stdio servers (commands) through the API. */
  allowCommandServers: boolean;
  /** The key registered servers' header and environment values are sealed under; absent: stored as given. */
  secretKey?: Uint8Array;
  /** The MCP Registry people add servers from (`GET /registry/servers`); absent: turned off. */
  mcpRegistry?: RegistryClient;
  /**
   * The key `/mcp` signs its multi-round-trip request state with: derived from the secret key, so
   * every replica verifies every round; random per process when the gateway has no secret key.
   */
  requestStateKey: Uint8Array;
}

/** Hono's environment for the gateway's routes: the authenticated user. */
export interface GatewayEnv {
  Variables: { user: User };
}
