import { readFile } from 'node:fs/promises';
import type { ApprovalPolicy } from '@switchboard/core';
import type { AccessTokenOptions } from '../auth/access-token-verifier.ts';
import type { UserSeed } from '../auth/user.ts';
import type { WebSignInOptions } from '../auth/web-sign-in.ts';
import type { WebAppOptions } from '../http/serve-web-app.ts';
import type { GatewayLimits } from '../limits/gateway-limits.ts';
import { DEFAULT_REGISTRY_URL } from '../registry/registry-client.ts';
import { type EndpointMode, parseEndpointMode } from '../services/endpoint-mode.ts';
import type { ServerSeed } from '../store/server-seed.ts';
import type { ServerOAuth } from '../store/server-store.ts';

/** A user in the configuration file: the key literally, or (better) the variable holding it. */
export interface ConfiguredUser {
  id: string;
  name?: string;
  role?: 'user' | 'admin';
  apiKey?: string;
  apiKeyEnv?: string;
  /** The values of `mcpAuthorization.userClaim` (default `sub`) that are this user at the authorization server. */
  oauthSubjects?: string[];
}

/**
 * The OAuth authorization server whose access tokens `/mcp` (MCP authorization) and the REST API
 * accept besides API keys: its issuer, an extra audience `/mcp` accepts, the audiences the REST API
 * accepts besides the gateway's public URL, the claim naming the user, and the scopes tokens must
 * carry (at both).
 */
export interface ConfiguredMcpAuthorization {
  issuer: string;
  audience?: string;
  /**
   * `aud` values the REST API accepts besides the gateway's public URL (its resource identifier).
   * `/mcp` and the API are different resources: list the `/mcp` URL or `audience` here only when a
   * token minted for `/mcp` should also call the API.
   */
  apiAudience?: string | string[];
  userClaim?: string;
  scopes?: string[];
  /**
   * "Sign in with <identity provider>" in the web app: the public client id the issuer registered
   * for it (PKCE, no secret; its redirect URI is the app's `oauth-callback.html`), and scopes to
   * ask for besides `scopes`. Served to the app by `GET /auth/sign-in-config`.
   */
  webSignIn?: WebSignInOptions;
}

/**
 * A server's OAuth client in the configuration file: the secret literally (warned about: the file
 * is often shared or committed), or (better) `client_secretEnv`, the variable holding it.
 */
export interface ConfiguredOAuth extends ServerOAuth {
  client_secretEnv?: string;
}

/** A server in the configuration file. */
export interface ConfiguredServer extends Omit<ServerSeed, 'oauth'> {
  oauth?: ConfiguredOAuth;
}

/** The configured servers, ready to seed, and what the operator should be told about them. */
export interface ConfiguredServers {
  servers: ServerSeed[];
  /** One sentence per server whose configuration works but should change (never quoting a secret). */
  warnings: string[];
}

/**
 * A model the operator offers (the configuration's `models`): users pick it by `id`. Its key is read
 * from the variable `apiKeyEnv` names (a key written in the file is refused) and sent only to
 * `baseUrl` (default: the vendor's own API). See `configuredModels`.
 */
export interface ConfiguredModel {
  /** What users pick (`GET /models`, a conversation's `model`). */
  id: string;
  /** How people are shown it (default: the id). */
  label?: string;
  /** `anthropic`, `openai`, `openai-compatible` or `offline` (the offline planner). */
  vendor: string;
  /** The vendor's name for the model, e.g. `claude-sonnet-5-5` (not for `offline`). */
  model?: string;
  /** Where the vendor's API is (required for `openai-compatible`, e.g. `http://127.0.0.1:11434/v1`). */
  baseUrl?: string;
  /** The environment variable holding its key (required for `anthropic` and `openai`). */
  apiKeyEnv?: string;
  /** `native` (default) or `text`: tools through the text protocol, for models without tool calling. */
  toolProtocol?: 'native' | 'text';
  /** What it costs per million input and output tokens, in `currency` (ISO 4217; default `USD`). */
  price?: { input: number; output: number; currency?: string };
  /** The model of conversations that name none (at most one entry; default: the first). */
  default?: boolean;
}

/** The configuration file of `switchboard serve` (JSON; see switchboard.config.example.json). */
export interface SwitchboardConfig {
  host?: string;
  port?: number;
  /** PGlite's data directory (ignored when a PostgreSQL URL is set). */
  dataDir?: string;
  /** PostgreSQL; `DATABASE_URL` wins. */
  databaseUrl?: string;
  databaseSchema?: string;
  /** Redis for replicas; `REDIS_URL` wins. */
  redisUrl?: string;
  redisPrefix?: string;
  /**
   * The default model: an id of `models`, or a model spec (`anthropic:<model>`, `openai:<model>`,
   * `openai-compatible:<url>#<model>`, `offline`) with its key from the environment;
   * `SWITCHBOARD_MODEL` wins.
   */
  model?: string;
  /** The models users may pick by id; without it, the only model is the default. */
  models?: ConfiguredModel[];
  limits?: Partial<GatewayLimits>;
  approvalPolicy?: ApprovalPolicy;
  servers?: ConfiguredServer[];
  /** Run the shipped demo servers in-process: true (default), false, or some of their names. */
  shippedServers?: boolean | string[];
  users?: ConfiguredUser[];
  allowPrivateNetworks?: boolean;
  /**
   * The key users' OAuth credentials are encrypted under (32 bytes, base64 or hex);
   * `SWITCHBOARD_SECRET_KEY` wins (better: keep it out of the file). Without either, a key is made
   * in the data directory (PGlite only).
   */
  secretKey?: string;
  /** Where people reach the gateway, for OAuth callbacks (`SWITCHBOARD_PUBLIC_URL` wins). */
  publicUrl?: string;
  /**
   * Host names people reach the gateway by, besides loopback names and `publicUrl`'s host
   * (`SWITCHBOARD_ALLOWED_HOSTS`, comma-separated, wins); any other `Host` is refused (DNS
   * rebinding). `["*"]` answers any host (with users only).
   */
  allowedHosts?: string[];
  /** Origins of other web pages allowed to call the API (e.g. a browser-based MCP client). */
  allowedOrigins?: string[];
  /** Let administrators register stdio servers (commands) through the API (default false: configuration only). */
  allowCommandServers?: boolean;
  /**
   * The MCP Registry people browse and add servers from, through the gateway (`GET /registry/servers`):
   * `{ "url": … }` (default the official registry, https://registry.modelcontextprotocol.io), or
   * `false` to turn it off.
   */
  registry?: { url: string } | false;
  /** The built web app (default: apps/web/dist when it exists). */
  webDir?: string;
  /**
   * The web app's `config.json` additions (e.g. `mcpAppSandboxUrl`, `tileUrl`, `urlPolicy`) and its
   * public origins, the only pages allowed to frame the MCP Apps sandbox page (default on loopback:
   * the other loopback name on the same port).
   */
  webApp?: WebAppOptions;
  leaseMs?: number;
  flushMs?: number;
  pollMs?: number;
  logLevel?: string;
  /** OpenTelemetry spans (default: on when an OTEL_ exporter variable is set). */
  tracing?: boolean;
  instanceId?: string;
  /**
   * How `/mcp` presents tools to a client whose URL names no `?mode=`: `discovery`, `aggregate`, or
   * `auto` (the default: discovery above the global-mode threshold of servers).
   */
  mcpMode?: 'auto' | EndpointMode;
  /**
   * Accept this authorization server's access tokens at `/mcp` and the REST API (a token is the user
   * whose `oauthSubjects` list its claim).
   */
  mcpAuthorization?: ConfiguredMcpAuthorization;
}

const KNOWN_KEYS = new Set([
  'host',
  'port',
  'dataDir',
  'databaseUrl',
  'databaseSchema',
  'redisUrl',
  'redisPrefix',
  'model',
  'models',
  'limits',
  'approvalPolicy',
  'servers',
  'shippedServers',
  'users',
  'allowPrivateNetworks',
  'secretKey',
  'publicUrl',
  'allowedHosts',
  'allowedOrigins',
  'allowCommandServers',
  'registry',
  'webDir',
  'webApp',
  'leaseMs',
  'flushMs',
  'pollMs',
  'logLevel',
  'tracing',
  'instanceId',
  'mcpMode',
  'mcpAuthorization',
  '$schema',
  '//',
]);

/** Reads a configuration file; unknown keys are an error (a typo should not be silently ignored). */
export async function readConfigFile(path: string): Promise<SwitchboardConfig> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the configuration ${path}: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`the configuration ${path} must be a JSON object`);
  }
  const unknown = Object.keys(value).filter((key) => !KNOWN_KEYS.has(key));
  if (unknown.length > 0) {
    throw new Error(
      `the configuration ${path} has unknown keys: ${unknown.join(', ')} (known: ${[...KNOWN_KEYS].slice(0, -2).join(', ')})`,
    );
  }
  return value as SwitchboardConfig;
}

/**
 * The users of a configuration, with their keys read from the environment; `SWITCHBOARD_ADMIN_KEY`
 * adds (or re-keys) the administrator `admin`. A user with `oauthSubjects` and no key signs in at
 * `/mcp` with OAuth access tokens only.
 */
export function configuredUsers(config: SwitchboardConfig, env: NodeJS.ProcessEnv): UserSeed[] {
  const users = (config.users ?? []).map((user): UserSeed => {
    const apiKey = user.apiKey ?? (user.apiKeyEnv ? env[user.apiKeyEnv] : undefined);
    const base = { id: user.id, name: user.name ?? user.id, role: user.role ?? 'user' } as const;
    if (!apiKey && user.oauthSubjects && !user.apiKeyEnv) return base;
    if (!apiKey) {
      throw new Error(
        `user "${user.id}" has no API key: set ${user.apiKeyEnv ?? 'apiKeyEnv (the variable holding it), or list the oauthSubjects they sign in to /mcp as'}`,
      );
    }
    return { ...base, apiKey };
  });
  const adminKey = env.SWITCHBOARD_ADMIN_KEY?.trim();
  if (adminKey)
    return [
      ...users.filter((user) => user.id !== 'admin'),
      { id: 'admin', name: 'Administrator', role: 'admin', apiKey: adminKey },
    ];
  return users;
}

/**
 * The servers of a configuration, with OAuth client secrets read from the environment
 * (`oauth.client_secretEnv`). A secret written into the file still works, with a warning. Throws
 * when a named variable is unset or empty, or when a server gives the secret both ways.
 */
export function configuredServers(config: SwitchboardConfig, env: NodeJS.ProcessEnv): ConfiguredServers {
  const warnings: string[] = [];
  const servers = (config.servers ?? []).map((server): ServerSeed => {
    if (!server.oauth) return server as ServerSeed;
    const { client_secretEnv: variable, ...oauth } = server.oauth;
    if (variable === undefined) {
      if (oauth.client_secret !== undefined) {
        warnings.push(
          `server "${server.name}": oauth.client_secret is written in the configuration file; put it in an environment variable and name that with oauth.client_secretEnv instead`,
        );
      }
      return { ...server, oauth };
    }
    if (oauth.client_secret !== undefined) {
      throw new Error(
        `server "${server.name}": give oauth.client_secret or oauth.client_secretEnv, not both (keep client_secretEnv)`,
      );
    }
    const secret = env[variable];
    if (!secret) {
      throw new Error(
        `server "${server.name}" has no OAuth client secret: set ${variable} (named by oauth.client_secretEnv)`,
      );
    }
    return { ...server, oauth: { ...oauth, client_secret: secret } };
  });
  return { servers, warnings };
}

/** The configured default `/mcp` mode (undefined: auto); throws naming the accepted values otherwise. */
export function configuredMcpMode(config: SwitchboardConfig): EndpointMode | undefined {
  if (config.mcpMode === undefined) return undefined;
  const mode = parseEndpointMode(String(config.mcpMode));
  if (mode instanceof Error)
    throw new Error(
      `mcpMode must be "discovery", "aggregate" or "auto", not ${JSON.stringify(config.mcpMode).slice(0, 40)}`,
    );
  return mode;
}

const MCP_AUTHORIZATION_KEYS = ['issuer', 'audience', 'apiAudience', 'userClaim', 'scopes', 'webSignIn'];
const WEB_SIGN_IN_KEYS = ['clientId', 'scopes'];

/**
 * The configured authorization server of `/mcp` and the REST API (undefined: API keys only), with the subjects the
 * configured users list (`users[].oauthSubjects`). Throws naming the setting that is wrong: an
 * issuer that is not an https URL (http only on loopback), unknown keys, a subject two users claim.
 */
export function configuredMcpAuthorization(
  config: SwitchboardConfig,
): (AccessTokenOptions & { webSignIn?: WebSignInOptions }) | undefined {
  const subjects: Record<string, string> = {};
  for (const user of config.users ?? []) {
    if (user.oauthSubjects === undefined) continue;
    if (!config.mcpAuthorization)
      throw new Error(
        `user "${user.id}": oauthSubjects need "mcpAuthorization" (the authorization server they belong to)`,
      );
    if (!isStringList(user.oauthSubjects))
      throw new Error(`user "${user.id}": oauthSubjects must be a list of non-empty strings`);
    for (const subject of user.oauthSubjects) {
      const owner = subjects[subject];
      if (owner !== undefined && owner !== user.id)
        throw new Error(`users "${owner}" and "${user.id}" both list the OAuth subject "${subject}"`);
      subjects[subject] = user.id;
    }
  }
  const settings: unknown = config.mcpAuthorization;
  if (settings === undefined) return undefined;
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    throw new Error('mcpAuthorization must be an object: { "issuer": "https://…" }');
  const unknown = Object.keys(settings).filter((key) => !MCP_AUTHORIZATION_KEYS.includes(key));
  if (unknown.length > 0)
    throw new Error(
      `mcpAuthorization has unknown keys: ${unknown.join(', ')} (known: ${MCP_AUTHORIZATION_KEYS.join(', ')})`,
    );
  const { issuer, audience, apiAudience, userClaim, scopes, webSignIn } = settings as Record<string, unknown>;
  checkIssuer(issuer);
  for (const [name, value] of [
    ['audience', audience],
    ['userClaim', userClaim],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value.trim() === ''))
      throw new Error(`mcpAuthorization.${name} must be a non-empty string`);
  }
  const apiAudiences = typeof apiAudience === 'string' ? [apiAudience] : apiAudience;
  if (apiAudiences !== undefined && (!isStringList(apiAudiences) || apiAudiences.length === 0))
    throw new Error(
      'mcpAuthorization.apiAudience must be an audience or a list of them, e.g. "https://gateway.example.com/mcp"',
    );
  if (scopes !== undefined && (!isStringList(scopes) || scopes.some((scope) => /\s/.test(scope))))
    throw new Error('mcpAuthorization.scopes must be a list of scope names, e.g. ["mcp"]');
  return {
    issuer,
    ...(audience !== undefined ? { audience: audience as string } : {}),
    ...(apiAudiences !== undefined ? { apiAudience: apiAudiences } : {}),
    ...(userClaim !== undefined ? { userClaim: userClaim as string } : {}),
    ...(scopes !== undefined ? { scopes } : {}),
    ...(Object.keys(subjects).length > 0 ? { subjects } : {}),
    ...(webSignIn !== undefined ? { webSignIn: checkWebSignIn(webSignIn) } : {}),
  };
}

/** `mcpAuthorization.webSignIn`: the web app's public client id, and extra scopes to ask for. */
function checkWebSignIn(settings: unknown): WebSignInOptions {
  const how =
    'mcpAuthorization.webSignIn must be { "clientId": "<the web app\'s client id>", "scopes"?: [...] }';
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new Error(how);
  const unknown = Object.keys(settings).filter((key) => !WEB_SIGN_IN_KEYS.includes(key));
  if (unknown.length > 0)
    throw new Error(
      `mcpAuthorization.webSignIn has unknown keys: ${unknown.join(', ')} (known: ${WEB_SIGN_IN_KEYS.join(', ')}; a public client has no secret)`,
    );
  const { clientId, scopes } = settings as Record<string, unknown>;
  if (typeof clientId !== 'string' || clientId.trim() === '')
    throw new Error('mcpAuthorization.webSignIn.clientId must be a non-empty string');
  if (scopes !== undefined && (!isStringList(scopes) || scopes.some((scope) => /\s/.test(scope))))
    throw new Error('mcpAuthorization.webSignIn.scopes must be a list of scope names, e.g. ["openid"]');
  return { clientId, ...(scopes !== undefined ? { scopes } : {}) };
}

function checkIssuer(issuer: unknown): asserts issuer is string {
  const how =
    'mcpAuthorization.issuer must be the authorization server\'s issuer URL, e.g. "https://auth.example.com"';
  if (typeof issuer !== 'string' || !URL.canParse(issuer)) throw new Error(how);
  const url = new URL(issuer);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`${how} (https; http only on loopback)`);
  if (url.search || url.hash) throw new Error(`${how}, without a query or fragment (RFC 8414)`);
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && item !== '');
}

/** The MCP Registry's base URL the configuration names (the official one by default); undefined: off. */
export function configuredRegistryUrl(config: SwitchboardConfig): string | undefined {
  const { registry } = config;
  if (registry === false) return undefined;
  if (registry === undefined) return DEFAULT_REGISTRY_URL;
  const url = typeof registry === 'object' && registry !== null ? registry.url : undefined;
  if (typeof url !== 'string' || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new Error('"registry" is { "url": "https://…" } (the MCP Registry to browse) or false');
  return url;
}
