import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAutoUiServer } from '@switchboard/autoui';
import { embedderFromEnv } from '@switchboard/core';
import { SHIPPED_SERVERS } from '@switchboard/servers';
import type { Logger } from 'pino';
import { LOCAL_TOKEN_FILE, loadOrCreateLocalToken } from '../auth/local-token.ts';
import { LOCAL_USER } from '../auth/local-user.ts';
import { loadOrCreateSecretKey, parseSecretKey } from '../auth/secret-key.ts';
import { configuredModels } from '../config/configured-models.ts';
import { DEFAULT_APPROVAL_POLICY } from '../config/default-approval-policy.ts';
import {
  configuredMcpAuthorization,
  configuredMcpMode,
  configuredRegistryUrl,
  configuredServers,
  configuredUsers,
  readConfigFile,
  type SwitchboardConfig,
} from '../config/switchboard-config.ts';
import { createGateway, type Gateway } from '../gateway/create-gateway.ts';
import { createLogger } from '../observability/create-logger.ts';
import { UI_LAYER_NAME } from '../store/server-store.ts';
import type { ServerSummary } from './first-run-banner.ts';
import { startShippedServers } from './start-shipped-servers.ts';

/** Flags of `switchboard serve` (they win over the environment and the file). */
export interface ServeFlags {
  config?: string;
  port?: number;
  host?: string;
  dataDir?: string;
}

/** A running `serve`. */
export interface Serving {
  url: string;
  /** The URL to open in a browser: on an open gateway, with its token (`/?token=…`). */
  openUrl: string;
  gateway: Gateway;
  /** The default model's id. */
  modelId: string;
  /** The running servers, connected (with their tool counts) or not. */
  servers: ServerSummary[];
  /** Whether the built web app is served. */
  webApp: boolean;
  /** No API keys (loopback only). */
  openAccess: boolean;
  /** Closes the gateway (letting running turns finish for up to `drainMs`), then the shipped servers. */
  close(options?: { drainMs?: number }): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const WILDCARD = new Set(['0.0.0.0', '::']);
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../../apps/web/dist', import.meta.url));

/**
 * `switchboard serve`: the gateway with the configured database (PGlite in `dataDir` unless
 * DATABASE_URL), Redis when REDIS_URL is set, the shipped demo servers in-process, the UI layer
 * (autoui's widgets and canvas) in every conversation, the operator's models (users pick by id; the
 * offline planner when none is configured), the users (open access on loopback when there are
 * none), and the web app's built files when present.
 */
export async function serve(flags: ServeFlags, env: NodeJS.ProcessEnv = process.env): Promise<Serving> {
  const config: SwitchboardConfig = flags.config ? await readConfigFile(flags.config) : {};
  const host = flags.host ?? env.HOST ?? config.host ?? '127.0.0.1';
  const port = flags.port ?? (env.PORT ? Number(env.PORT) : undefined) ?? config.port ?? 8787;
  const dataDir = flags.dataDir ?? env.SWITCHBOARD_DATA_DIR ?? config.dataDir ?? '.data/switchboard';
  const databaseUrl = env.DATABASE_URL || config.databaseUrl;
  const users = configuredUsers(config, env);
  const configured = configuredServers(config, env);
  const mcpAuthorization = configuredMcpAuthorization(config);
  if (mcpAuthorization && users.length === 0) {
    throw new Error(
      'mcpAuthorization needs users its access tokens map to: add "users" listing the oauthSubjects their tokens name, or set SWITCHBOARD_ADMIN_KEY and give users created with POST /users their "oauth_subjects"',
    );
  }
  if (users.length === 0 && !LOOPBACK.has(host)) {
    throw new Error(
      `no users are configured: set SWITCHBOARD_ADMIN_KEY (or "users" in the configuration) before serving on ${host}`,
    );
  }
  const publicUrl = env.SWITCHBOARD_PUBLIC_URL || config.publicUrl;
  const allowedHosts = env.SWITCHBOARD_ALLOWED_HOSTS
    ? env.SWITCHBOARD_ALLOWED_HOSTS.split(',').map((name) => name.trim())
    : config.allowedHosts;
  if (WILDCARD.has(host) && !publicUrl && !allowedHosts?.length) {
    throw new Error(
      `serving on ${host} (every address): name the hosts people reach the gateway by, with "publicUrl" (SWITCHBOARD_PUBLIC_URL) or "allowedHosts" (SWITCHBOARD_ALLOWED_HOSTS; "*" for any), since requests naming another host are refused`,
    );
  }
  const logger = createLogger({ level: config.logLevel ?? env.LOG_LEVEL ?? 'info' });
  for (const warning of configured.warnings) logger.warn(warning);
  const { model, models } = configuredModels(config, env);
  const embeddings = embedderFromEnv(env);
  const shippedNames =
    config.shippedServers === false
      ? []
      : Array.isArray(config.shippedServers)
        ? config.shippedServers
        : Object.keys(SHIPPED_SERVERS);
  const webDir = config.webDir ?? DEFAULT_WEB_DIR;
  const secretKey = await resolveSecretKey(
    env.SWITCHBOARD_SECRET_KEY || config.secretKey,
    databaseUrl ? undefined : dataDir,
    logger,
  );
  const shipped = await startShippedServers(shippedNames, databaseUrl ? undefined : dataDir);
  let gateway: Gateway;
  try {
    gateway = await createGateway({
      database: databaseUrl
        ? { url: databaseUrl, schema: env.SWITCHBOARD_DB_SCHEMA || config.databaseSchema }
        : { dataDir: `${dataDir}/db` },
      redisUrl: env.REDIS_URL || config.redisUrl,
      redisPrefix: env.SWITCHBOARD_REDIS_PREFIX || config.redisPrefix,
      model,
      models,
      users,
      openAccess: users.length === 0,
      ...(users.length === 0
        ? { localToken: await loadOrCreateLocalToken(join(dataDir, LOCAL_TOKEN_FILE)) }
        : {}),
      allowedHosts,
      allowedOrigins: config.allowedOrigins,
      allowCommandServers: config.allowCommandServers,
      registryUrl: configuredRegistryUrl(config),
      limits: config.limits,
      // Careful by default: without a configured policy, anything not read-only is asked first.
      approvalPolicy: config.approvalPolicy ?? DEFAULT_APPROVAL_POLICY,
      servers: [...shipped.seeds, ...configured.servers],
      builtins: shipped.builtins,
      builtinFetch: shipped.fetch,
      extraLayers: [createAutoUiServer({ name: UI_LAYER_NAME }).layer()],
      embeddings,
      allowPrivateNetworks: config.allowPrivateNetworks,
      mcpMode: configuredMcpMode(config),
      mcpAuthorization,
      secretKey,
      publicUrl,
      // The embedded database is this process's alone: every turn it finds running died with the last one.
      instanceId: env.SWITCHBOARD_INSTANCE_ID || config.instanceId || (databaseUrl ? undefined : 'local'),
      leaseMs: config.leaseMs,
      flushMs: config.flushMs,
      pollMs: config.pollMs,
      logger,
      tracing: config.tracing ?? Boolean(env.OTEL_TRACES_EXPORTER || env.OTEL_EXPORTER_OTLP_ENDPOINT),
      webDir,
      webApp: config.webApp,
    });
  } catch (error) {
    await shipped.close();
    throw error;
  }
  const url = await gateway.listen(port, host);
  logger.info(
    {
      url,
      model: model.id,
      database: gateway.services.db.kind,
      openAccess: users.length === 0,
      embeddings: embeddings
        ? `${new URL(embeddings.config.baseUrl).host} (${embeddings.config.model})`
        : 'none',
    },
    'switchboard gateway listening',
  );
  const { localToken } = gateway.services;
  return {
    url,
    openUrl: localToken ? `${url}/?token=${localToken}` : url,
    gateway,
    modelId: model.id,
    servers: await summarizeServers(gateway),
    webApp: existsSync(join(webDir, 'index.html')),
    openAccess: users.length === 0,
    async close(options) {
      await gateway.close(options);
      await shipped.close();
    },
  };
}

/**
 * The key users' OAuth credentials are encrypted under: the configured one, else (PGlite, for
 * development) one kept in the data directory, made on first start, which the log says once.
 */
async function resolveSecretKey(
  configured: string | undefined,
  dataDir: string | undefined,
  logger: Logger,
): Promise<Buffer | undefined> {
  if (configured) return parseSecretKey(configured);
  if (!dataDir) {
    logger.warn('no SWITCHBOARD_SECRET_KEY: servers that authorize each user with OAuth cannot be connected');
    return undefined;
  }
  const path = join(dataDir, 'secret-key');
  const { key, created } = await loadOrCreateSecretKey(path);
  if (created)
    logger.info(
      { path },
      'made a secret key for stored server credentials; set SWITCHBOARD_SECRET_KEY in production',
    );
  return key;
}

/** Connects to every running server (so the first turn does not wait) and reports its tool count or error. */
async function summarizeServers(gateway: Gateway): Promise<ServerSummary[]> {
  const { registry } = gateway.services;
  const rows = (await registry.usable(LOCAL_USER)).filter((row) => row.enabled);
  return Promise.all(
    rows.map(async (row) => {
      try {
        return { name: row.name, toolCount: (await registry.tools(row, LOCAL_USER)).length };
      } catch (error) {
        return { name: row.name, error: (error as Error).message };
      }
    }),
  );
}
