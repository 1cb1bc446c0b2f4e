import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Words hashed into this many dimensions. */
const DIMENSIONS = 64;

/**
 * A bag-of-words vector: each lowercase word (or the word `concepts` maps it to, standing in for
 * meaning) adds one to its hashed dimension.
 */
export function bagOfWords(text: string, concepts: Readonly<Record<string, string>> = {}): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const found of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    const word = concepts[found] ?? found;
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % DIMENSIONS;
    vector[hash] += 1;
  }
  return vector;
}

/** Options of {@link fakeEmbeddingsServer}. */
export interface FakeEmbeddingsOptions {
  /** Answer every request with this error status. */
  status?: number;
  /** Never answer (the request stays open until the server closes). */
  hang?: boolean;
  /** Words embedded as other words: `{ kitty: 'feline' }` makes "kitty" mean "feline". */
  concepts?: Readonly<Record<string, string>>;
}

/** A loopback server replaying the OpenAI embeddings wire format, recording each request body. */
export async function fakeEmbeddingsServer(
  options: FakeEmbeddingsOptions = {},
): Promise<{ baseUrl: string; requests: Array<{ model: string; input: string[] }>; close(): Promise<void> }> {
  const requests: Array<{ model: string; input: string[] }> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
        response.writeHead(404).end();
        return;
      }
      const parsed = JSON.parse(body) as { model: string; input: string[] };
      requests.push(parsed);
      if (options.hang) return;
      if (options.status !== undefined) {
        response.writeHead(options.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'unavailable' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'list',
          model: parsed.model,
          data: parsed.input
            .map((text, index) => ({
              object: 'embedding',
              index,
              embedding: bagOfWords(text, options.concepts),
            }))
            .reverse(),
          usage: { prompt_tokens: 0, total_tokens: 0 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
