import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Words hashed into this many dimensions. */
const DIMENSIONS = 64;

/** A bag-of-words vector: each lowercase word adds one to its hashed dimension. */
export function bagOfWords(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) % DIMENSIONS;
    vector[hash] += 1;
  }
  return vector;
}

/** A loopback server replaying the OpenAI embeddings wire format, recording each request body. */
export async function fakeEmbeddingsServer(
  options: { status?: number } = {},
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
            .map((text, index) => ({ object: 'embedding', index, embedding: bagOfWords(text) }))
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
