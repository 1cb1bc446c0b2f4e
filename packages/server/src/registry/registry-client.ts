import { isPlainObject } from '@switchboard/core';
import { readCappedText } from '../limits/read-capped-text.ts';
import { type RegistryServer, readRegistryEntry } from './registry-entry.ts';

/** The official MCP Registry, the default the CLI configures. */
export const DEFAULT_REGISTRY_URL = 'https://registry.modelcontextprotocol.io';

/** The most a registry answer may weigh (bytes). */
const MAX_ANSWER_BYTES = 1_000_000;
/** How long a registry has to answer (ms). */
const TIMEOUT_MS = 10_000;
/** Entries asked for per page. */
const PAGE_SIZE = 30;

/** A page of the registry. */
export interface RegistryPage {
  servers: RegistryServer[];
  /** Entries the registry sent that did not fit the format or the bounds, left out. */
  skipped: number;
  nextCursor?: string;
}

/** The registry did not answer, or answered with something that is not its API. */
export class RegistryUnavailableError extends Error {
  override name = 'RegistryUnavailableError';
}

/**
 * The operator's MCP Registry through its v0.1 API (`GET /v0.1/servers?search=&cursor=` and
 * `GET /v0.1/servers/{name}/versions/{version}`). Its answers are untrusted input: bounded in size
 * and time, never followed through redirects, and each entry read by {@link readRegistryEntry}.
 */
export class RegistryClient {
  readonly #base: string;
  readonly #fetch: typeof fetch;

  constructor(url: string, options: { fetch?: typeof fetch } = {}) {
    this.#base = url.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? fetch;
  }

  /** One page of the registry's newest versions, searched by name when `search` is given. */
  async list(query: { search?: string; cursor?: string }): Promise<RegistryPage> {
    const params = new URLSearchParams({ limit: String(PAGE_SIZE), version: 'latest' });
    if (query.search) params.set('search', query.search);
    if (query.cursor) params.set('cursor', query.cursor);
    const answer = await this.#get(`/v0.1/servers?${params}`);
    const entries = isPlainObject(answer) ? answer.servers : undefined;
    if (!Array.isArray(entries))
      throw new RegistryUnavailableError('the registry answered without "servers"');
    const servers = entries.slice(0, PAGE_SIZE * 2).flatMap((entry) => readRegistryEntry(entry) ?? []);
    const metadata = isPlainObject(answer) && isPlainObject(answer.metadata) ? answer.metadata : {};
    const cursor = metadata.nextCursor;
    return {
      servers,
      skipped: entries.length - servers.length,
      ...(typeof cursor === 'string' && cursor !== '' && cursor.length <= 500 ? { nextCursor: cursor } : {}),
    };
  }

  /** One version of one server; undefined when the registry has none or it does not fit the format. */
  async get(name: string, version: string): Promise<RegistryServer | undefined> {
    const answer = await this.#get(
      `/v0.1/servers/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}`,
      true,
    );
    if (answer === undefined) return undefined;
    const server = readRegistryEntry(answer);
    return server && server.name === name && server.version === version ? server : undefined;
  }

  async #get(path: string, missingIsUndefined = false): Promise<unknown> {
    let response: Response;
    try {
      response = await this.#fetch(`${this.#base}${path}`, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new RegistryUnavailableError(`the registry did not answer: ${(error as Error).message}`);
    }
    if (missingIsUndefined && response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new RegistryUnavailableError(`the registry answered ${response.status}`);
    }
    const text = await readCappedText(
      response.body,
      MAX_ANSWER_BYTES,
      () => new RegistryUnavailableError(`the registry's answer is larger than ${MAX_ANSWER_BYTES} bytes`),
    );
    try {
      return JSON.parse(text);
    } catch {
      throw new RegistryUnavailableError('the registry answered with something that is not JSON');
    }
  }
}
