import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { trace } from '@opentelemetry/api';
import {
  type ApprovalPolicy,
  DenseRetrieval,
  type Embedder,
  type EmbeddingsConfig,
  type LanguageModel,
  type McpConnectionOptions,
  type McpTransportConfig,
  SchemaValidator,
  type ToolLayer,
} from '@switchboard/core';
import type { Hono } from 'hono';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { type AccessTokenOptions, AccessTokenVerifier } from '../auth/access-token-verifier.ts';
import { deriveKey } from '../auth/derive-key.ts';
import { newLocalToken } from '../auth/local-token.ts';
import { LOCAL_USER } from '../auth/local-user.ts';
import { requestSources } from '../auth/request-source.ts';
import type { UserSeed } from '../auth/user.ts';
import type { WebSignInOptions } from '../auth/web-sign-in.ts';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../bus/gateway-bus.ts';
import { logBusChoice } from '../bus/log-bus-choice.ts';
import { createMemoryBus } from '../bus/memory-bus.ts';
import { createPostgresBus } from '../bus/postgres-bus.ts';
import { createRedisBus } from '../bus/redis-bus.ts';
import { CallGate } from '../calls/call-gate.ts';
import { DirectCallElicitations } from '../calls/direct-call-elicitations.ts';
import { PendingQuestions } from '../calls/pending-questions.ts';
import { CatalogCache } from '../chat/catalog-cache.ts';
import { createModelResolver, type OperatorModel } from '../chat/model-resolver.ts';
import { storedToolEmbedder } from '../chat/stored-tool-embedder.ts';
import { TurnRunner } from '../chat/turn-runner.ts';
import { createApp } from '../http/create-app.ts';
import { Readiness } from '../http/readiness.ts';
import type { WebAppOptions } from '../http/serve-web-app.ts';
import { DEFAULT_GATEWAY_LIMITS, type GatewayLimits } from '../limits/gateway-limits.ts';
import { createMemoryRateLimiter } from '../limits/memory-rate-limiter.ts';
import { createRedisRateLimiter } from '../limits/redis-rate-limiter.ts';
import { createLogger } from '../observability/create-logger.ts';
import { createTracingObserver } from '../observability/tracing-observer.ts';
import { RegistryClient } from '../registry/registry-client.ts';
import type { EndpointMode } from '../services/endpoint-mode.ts';
import type { GatewayEnv, GatewayServices } from '../services/gateway-services.ts';
import type { Database } from '../storage/database.ts';
import { type DatabaseOptions, openDatabase } from '../storage/open-database.ts';
import { AuditTrail } from '../store/audit-trail.ts';
import { interruptOwnRuns } from '../store/conversation-lease.ts';
import type { ServerSeed } from '../store/server-seed.ts';
import { type ServerTransport, upsertDeploymentServer } from '../store/server-store.ts';
import { SettingsStore } from '../store/settings-store.ts';
import { UserCache } from '../store/user-cache.ts';
import { ensureKeylessUser, upsertUser } from '../store/user-store.ts';
import { ServerAuthorizations } from '../upstream/server-authorizations.ts';
import { ServerRegistry } from '../upstream/server-registry.ts';
import { sealStoredServerSecrets } from '../upstream/server-secrets.ts';
import { createPublicOnlyFetch } from '../upstream/ssrf-guard.ts';

/** Options of {@link createGateway}. */
export interface GatewayOptions {
  /** An open database, or where to open one (default: PGlite in memory). */
  database?: Database | DatabaseOptions;
  /**
   * A Redis URL (`REDIS_URL`): rate limits, stream notices and stop requests shared by replicas.
   * Without it, replicas on one PostgreSQL server share notices through LISTEN/NOTIFY instead.
   */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (default `switchboard:`); one per deployment. */
  redisPrefix?: string;
  /** The default model (of conversations and stateless requests whose `model` is null). */
  model: LanguageModel;
  /**
   * The operator's models, which users pick by id (`GET /models`); an entry holding `model` itself is
   * the default's. The default is always offered (under its own id when no entry holds it); no
   * other model is ever made: any other `model` a user names is refused with `unknown_model`.
   */
  models?: OperatorModel[];
  /** Users and their API keys (created or updated at start). */
  users?: UserSeed[];
  /**
   * No users: the holder of `localToken` is the local administrator (a bearer, or the cookie the
   * link `/?token=…` sets in a browser). Only for gateways bound to loopback.
   */
  openAccess?: boolean;
  /** An open gateway's per-install token (default: a random one, in `services.localToken`). */
  localToken?: string;
  /**
   * Host names people reach the gateway by, besides loopback names and `publicUrl`'s host; `"*"`
   * answers any (only with users: an open gateway relies on the host check against DNS rebinding).
   */
  allowedHosts?: string[];
  /** Origins of web pages allowed to call the API besides the gateway's own and `publicUrl`'s. */
  allowedOrigins?: string[];
  /** `/mcp`'s mode for clients that name none (`?mode=`); default: by the number of servers. */
  mcpMode?: EndpointMode;
  /**
   * An OAuth authorization server whose JWT access tokens `/mcp` and the REST API accept besides API
   * keys (it is then named in `/mcp`'s protected-resource metadata), and how its tokens map to users;
   * with `webSignIn`, the web app signs people in at it (`GET /auth/sign-in-config`).
   */
  mcpAuthorization?: AccessTokenOptions & { webSignIn?: WebSignInOptions };
  limits?: Partial<GatewayLimits>;
  /** The deployment's approval policy until an administrator changes it. */
  approvalPolicy?: ApprovalPolicy;
  /** Deployment servers (registered or updated at start). */
  servers?: ServerSeed[];
  /** Transports of the built-in servers this process runs, by name. */
  builtins?: ReadonlyMap<string, McpTransportConfig>;
  /** The fetch to reach them with (one that tells them which user a call is for). */
  builtinFetch?: McpConnectionOptions['fetch'];
  /**
   * The key (32 bytes) users' OAuth credentials are encrypted under in the database. Without it,
   * servers that authorize with OAuth cannot be connected.
   */
  secretKey?: Uint8Array;
  /**
   * Where people reach the gateway (for the OAuth callback, and with `mcpAuthorization` the
   * resource URLs of `/mcp` and of the REST API, the audiences of their tokens); default: the URL
   * `listen` answers.
   */
  publicUrl?: string;
  /** Let users register servers on loopback and private networks (default false). */
  allowPrivateNetworks?: boolean;
  /**
   * Origins (`http://10.0.0.5:8080`, matched exactly) users may register servers at although they
   * are not on the public internet, which the SSRF guard then reaches unchecked: a private server
   * the operator vouches for, or a test's server on loopback. Every other URL a user or their server
   * names (another port of the same host, OAuth metadata and endpoints) is still checked.
   */
  trustedServerOrigins?: string[];
  /**
   * Let administrators register stdio servers (commands run on this machine) through the API
   * (default false: only the configuration starts commands).
   */
  allowCommandServers?: boolean;
  /** The MCP Registry (its base URL) people browse and add servers from; absent: none. */
  registryUrl?: string;
  /** Local layers every conversation gets (e.g. the UI layer). */
  extraLayers?: ToolLayer[];
  /**
   * An embeddings endpoint (`SWITCHBOARD_EMBEDDINGS`, see core's `embedderFromEnv`): search_tools
   * then fuses dense and lexical rankings, with tool embeddings stored in the database by model and
   * text hash so a restart or another replica does not embed them again.
   */
  embeddings?: { config: EmbeddingsConfig; embed: Embedder };
  /**
   * This replica's id, held in the leases of the turns it runs (default: random). Give each replica
   * a stable one of its own: at start it closes the turns its lease still holds as `interrupted` (they
   * died with its previous process), instead of leaving them to their lease's expiry.
   */
  instanceId?: string;
  /**
   * How long a turn whose commit failed looks for its outcome in the database before it is reported
   * `outcome_unknown` (ms, default 5 000).
   */
  outcomeCheckMs?: number;
  /** Time an MCP server has to connect and list its tools before a turn goes without it (ms, default 10 000). */
  serverConnectTimeoutMs?: number;
  /** Conversation lease while a turn runs (ms, default 30 000): how long a crashed turn blocks its conversation. */
  leaseMs?: number;
  /** How often a running turn stores its stream events (ms, default 100). */
  flushMs?: number;
  /** How often a stream following another replica's turn polls without a notice (ms, default 1000). */
  pollMs?: number;
  logger?: Logger;
  /** OpenTelemetry spans per turn, model call and tool call, sent to the registered tracer provider. */
  tracing?: boolean;
  /** The built web app to serve on the same port. */
  webDir?: string;
  /**
   * Its `config.json` additions (the app is told `mode: 'gateway'` and the default model's label) and
   * the origins allowed to frame its MCP Apps sandbox page.
   */
  webApp?: WebAppOptions;
}

/** A running gateway. */
export interface Gateway {
  readonly app: Hono<GatewayEnv>;
  readonly services: GatewayServices;
  /** Handles one request (no network), e.g. in tests and benchmarks. */
  fetch(request: Request): Promise<Response>;
  /** Listens on a port (0: a free one); resolves with the URL. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Stops taking connections and answers `/ready` with 503 `draining`; lets the running turns finish
   * for up to `drainMs` (default 0), then stops those still running (they are saved as stopped) and
   * closes every connection (after up to a second for answers still being written, when draining).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** Builds a gateway: database (migrated), users, servers, coordination, turn runner, HTTP app. */
export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const logger = options.logger ?? createLogger();
  const limits: GatewayLimits = { ...DEFAULT_GATEWAY_LIMITS, ...options.limits };
  // First: a model list that cannot be served is refused before anything is opened.
  const models = createModelResolver(options.model, options.models);
  const instanceId = options.instanceId ?? `gw_${randomUUID().slice(0, 8)}`;
  const ownsDatabase = !isDatabase(options.database);
  const db = isDatabase(options.database) ? options.database : await openDatabase(options.database ?? {});
  const prefix = options.redisPrefix ?? 'switchboard:';
  let redis: Redis | undefined;
  let bus: GatewayBus;
  try {
    if (options.redisUrl) {
      redis = await connectRedis(options.redisUrl);
      bus = await createRedisBus(redis, prefix);
      logBusChoice(logger, { kind: 'redis', url: options.redisUrl, prefix });
    } else if (db.server) {
      // Replicas sharing a PostgreSQL server but no Redis: LISTEN/NOTIFY, per schema (deployment).
      bus = await createPostgresBus({
        newClient: db.server.newClient,
        publisher: db,
        prefix: `switchboard:${db.server.schema}:`,
        logger,
      });
      logBusChoice(logger, { kind: 'postgres', schema: db.server.schema });
    } else {
      bus = createMemoryBus();
      logBusChoice(logger, { kind: 'memory' });
    }
  } catch (error) {
    if (ownsDatabase) await db.close();
    throw error;
  }

  const interrupted = await interruptOwnRuns(db, instanceId);
  if (interrupted.length > 0)
    logger.warn(
      { instanceId, conversations: interrupted },
      'closed the turns this instance ran before it restarted',
    );
  for (const user of options.users ?? []) await upsertUser(db, user);
  if (options.openAccess) await ensureKeylessUser(db, LOCAL_USER);
  for (const server of options.servers ?? [])
    await upsertDeploymentServer(db, { ...server, transport: seedTransport(server) });
  if (options.secretKey) {
    const configured = new Set((options.servers ?? []).map((server) => server.name));
    const sealed = await sealStoredServerSecrets(db, options.secretKey, configured);
    if (sealed.length > 0)
      logger.info(
        { servers: sealed },
        'sealed the header and environment values these servers kept in the clear',
      );
  }

  if (options.openAccess && options.allowedHosts?.includes('*'))
    throw new Error(
      'allowedHosts "*" needs users: an open gateway answers only its loopback names (else a web page could reach it through DNS rebinding)',
    );
  const sourcesFor = (listeningOn?: string) =>
    requestSources({
      publicUrl: options.publicUrl,
      allowedHosts: [...(options.allowedHosts ?? []), ...(listeningOn ? [listeningOn] : [])],
      allowedOrigins: options.allowedOrigins,
    });
  const trustedServerOrigins = options.trustedServerOrigins ?? [];
  const guard = options.allowPrivateNetworks
    ? undefined
    : createPublicOnlyFetch({ trustedOrigins: trustedServerOrigins });
  let publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const oauth = {
    key: options.secretKey,
    redirectUrl: () => `${publicUrl ?? 'http://127.0.0.1'}/oauth/callback`,
  };
  const registry = new ServerRegistry({
    db,
    bus,
    builtins: options.builtins,
    builtinFetch: options.builtinFetch,
    publicOnlyFetch: guard?.fetch,
    oauth,
    onToolChanged: (change) =>
      logger.warn(
        change,
        change.changed.includes('annotations')
          ? `server "${change.server}" now says its tool "${change.tool}" is less risky than before (read-only, or not destructive); the gateway keeps reading it as before for the approval policy`
          : `server "${change.server}" changed the definition of its tool "${change.tool}" (title, description or input schema) since the gateway last listed it`,
      ),
    ...(options.serverConnectTimeoutMs !== undefined
      ? { connectTimeoutMs: options.serverConnectTimeoutMs }
      : {}),
  });
  await registry.start();
  const settings = new SettingsStore({ db, bus, approvalPolicy: options.approvalPolicy });
  await settings.start();
  const users = new UserCache(db, { bus });
  await users.start();
  const catalogs = new CatalogCache(
    options.embeddings
      ? {
          dense: new DenseRetrieval({
            embed: options.embeddings.embed,
            embedTools: storedToolEmbedder(
              db,
              options.embeddings.config.model,
              options.embeddings.embed,
              logger,
            ),
            log: (line) => logger.warn(line),
          }),
        }
      : {},
  );
  const validator = new SchemaValidator();
  const pollMs = options.pollMs ?? 1_000;
  const questions = new PendingQuestions({ db, bus, logger, pollMs });
  await questions.start();
  const rateLimiter =
    limits.requestsPerMinute <= 0
      ? undefined
      : redis
        ? createRedisRateLimiter(redis, { limit: limits.requestsPerMinute, prefix })
        : createMemoryRateLimiter({ limit: limits.requestsPerMinute });
  const endpointAudit = new AuditTrail(db, logger);
  const calls = new CallGate({ policy: () => settings.approvalPolicy(), rateLimiter, audit: endpointAudit });
  const runner = new TurnRunner({
    db,
    bus,
    questions,
    instanceId,
    leaseMs: options.leaseMs ?? 30_000,
    flushMs: options.flushMs ?? 100,
    outcomeCheckMs: options.outcomeCheckMs ?? 5_000,
    logger,
    observer: options.tracing
      ? createTracingObserver(trace.getTracer('@switchboard/server', '0.1.0'))
      : undefined,
    setup: {
      registry,
      extraLayers: options.extraLayers ?? [],
      catalogs,
      validator,
      models,
      limits,
      approvalPolicy: () => settings.approvalPolicy(),
      calls,
    },
  });
  const stopListener = await bus.subscribe(CONTROL_CHANNEL, (message) => {
    const control = JSON.parse(message) as ControlMessage;
    if (control.type === 'stop') runner.active(control.conversationId)?.stop();
  });

  const services: GatewayServices = {
    db,
    bus,
    registry,
    authorizations: new ServerAuthorizations({ db, registry, ...oauth }),
    runner,
    questions,
    directCallElicitations: new DirectCallElicitations({ questions, timeoutMs: limits.elicitationTimeoutMs }),
    settings,
    models,
    catalogs,
    limits,
    rateLimiter,
    users,
    endpointAudit,
    calls,
    validator,
    logger,
    instanceId,
    pollMs,
    openAccess: options.openAccess ?? false,
    ...(options.openAccess ? { localToken: options.localToken ?? newLocalToken() } : {}),
    requestSources: sourcesFor(),
    ...(options.mcpMode ? { mcpMode: options.mcpMode } : {}),
    ...(options.mcpAuthorization
      ? {
          accessTokens: new AccessTokenVerifier({
            ...(publicUrl ? { resource: `${publicUrl}/mcp`, apiResource: publicUrl } : {}),
            ...options.mcpAuthorization,
          }),
        }
      : {}),
    ...(options.mcpAuthorization?.webSignIn ? { webSignIn: options.mcpAuthorization.webSignIn } : {}),
    allowPrivateNetworks: options.allowPrivateNetworks ?? false,
    trustedServerOrigins,
    allowCommandServers: options.allowCommandServers ?? false,
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    ...(options.registryUrl ? { mcpRegistry: new RegistryClient(options.registryUrl) } : {}),
    requestStateKey: options.secretKey
      ? deriveKey(options.secretKey, 'mcp-endpoint request state')
      : randomBytes(32),
  };
  const readiness = new Readiness(db, { logger });
  const app = createApp(services, {
    readiness,
    webDir: options.webDir,
    webApp: {
      ...options.webApp,
      config: { modelLabel: models.defaultEntry.label, ...options.webApp?.config },
    },
  });
  let server: ReturnType<typeof serve> | undefined;

  return {
    app,
    services,
    fetch: async (request) => app.fetch(request),
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        const listening = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
          const shown = info.address.includes(':') ? `[${info.address}]` : info.address;
          publicUrl ??= `http://${shown}:${info.port}`;
          // A specific address people reach it by (not 0.0.0.0 or ::, which name no host).
          if (!WILDCARD_ADDRESSES.has(info.address)) services.requestSources = sourcesFor(shown);
          services.accessTokens?.bindBaseUrl(publicUrl);
          resolve(`http://${shown}:${info.port}`);
        });
        listening.once('error', reject);
        server = listening;
      }),
    async close({ drainMs = 0 } = {}) {
      readiness.drain();
      const closing = server;
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      if (drainMs > 0 && runner.running.length > 0) {
        logger.info(
          { turns: runner.running.length, drainMs },
          'draining: waiting for the running turns to finish',
        );
        await settledWithin(
          runner.running.map((turn) => turn.done),
          drainMs,
        );
      }
      for (const turn of runner.running) turn.stop();
      await Promise.allSettled(runner.running.map((turn) => turn.done));
      // A turn's answer still being written ends its connection (Connection: close while draining).
      if (drainMs > 0) await settledWithin([closed], RESPONSE_GRACE_MS);
      if (closing && 'closeAllConnections' in closing) closing.closeAllConnections();
      await closed;
      await stopListener();
      await questions.close();
      await services.endpointAudit.flush();
      await settings.close();
      await users.close();
      await registry.close();
      await guard?.close();
      await bus.close();
      redis?.disconnect();
      if (ownsDatabase) await db.close();
    },
  };
}

const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::']);

/** When draining, how long the answers of the turns that finished have to be written before every connection is cut (ms). */
const RESPONSE_GRACE_MS = 1_000;

/** Waits until every promise has settled, or `ms` has passed. */
async function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

function isDatabase(value: GatewayOptions['database']): value is Database {
  return typeof value === 'object' && value !== null && 'transaction' in value;
}

async function connectRedis(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableOfflineQueue: true });
  redis.on('error', () => {
    // Reported by the failing command; ioredis reconnects on its own.
  });
  try {
    await redis.connect();
    return redis;
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at ${new URL(url).host} (REDIS_URL): ${(error as Error).message}`);
  }
}

function seedTransport(seed: ServerSeed): ServerTransport {
  const kinds = [seed.url, seed.command, seed.builtin].filter((value) => value !== undefined).length;
  if (kinds !== 1) throw new Error(`server "${seed.name}": give exactly one of url, command or builtin`);
  if (seed.oauth && !seed.url) throw new Error(`server "${seed.name}": "oauth" applies to url servers only`);
  if (seed.builtin) return { type: 'builtin', name: seed.builtin };
  if (seed.roots && seed.builtin)
    throw new Error(`server "${seed.name}": "roots" applies to url and command servers`);
  const roots = seed.roots ? { roots: seed.roots } : {};
  if (seed.command)
    return { type: 'stdio', command: seed.command, args: seed.args, env: seed.env, cwd: seed.cwd, ...roots };
  return {
    type: 'http',
    url: seed.url as string,
    ...(seed.headers ? { headers: seed.headers } : {}),
    ...(seed.oauth ? { oauth: seed.oauth } : {}),
    ...roots,
  };
}
