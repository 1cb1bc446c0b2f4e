import { embedderFromEnv, type McpLayer } from '@switchboard/core';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeEmbeddingsServer } from '../../core/src/discovery/dense/fake-embeddings-server.test-helper.ts';
import { createGateway, type Gateway } from '../src/index.ts';
import { createLogger } from '../src/observability/create-logger.ts';
import { queuedModel } from './support/queued-model.ts';
import { testBackends, testDatabase } from './support/test-database.ts';

const pets: McpLayer = {
  protocol: 'mcp',
  serverName: 'Pets',
  description: 'Animal shelter listings.',
  tools: [
    { name: 'random_feline', description: 'Fetches a random feline.', inputSchema: { type: 'object' } },
    { name: 'adopt_dog', description: 'Adoption listings for dogs.', inputSchema: { type: 'object' } },
  ],
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testBackends())('tool embeddings stored in the database (%s)', (backend) => {
  it('a second gateway on the same database embeds only the queries, not the known tools', async () => {
    const endpoint = await fakeEmbeddingsServer({ concepts: { kitty: 'feline' } });
    cleanups.push(endpoint.close);
    const database = await testDatabase(backend);
    cleanups.push(database.cleanup);
    const embeddings = embedderFromEnv({
      SWITCHBOARD_EMBEDDINGS: `openai-compatible:${endpoint.baseUrl}#test-model`,
    });
    const start = (): Promise<Gateway> =>
      createGateway({
        database: database.options,
        model: queuedModel(),
        logger: createLogger({ level: 'silent' }),
        embeddings,
      });
    const search = async (gateway: Gateway) => {
      const [results] = await gateway.services.catalogs.get([pets]).rankTools(['kitty']);
      return results?.map((result) => result.prefixedName);
    };

    const first = await start();
    try {
      expect(await search(first)).toEqual(['pets_mcp_random_feline', 'pets_mcp_adopt_dog']);
      expect(endpoint.requests.map((request) => request.input)).toEqual([
        ['random_feline: Fetches a random feline.', 'adopt_dog: Adoption listings for dogs.'],
        ['kitty'],
      ]);
    } finally {
      await first.close();
    }

    const second = await start();
    cleanups.push(() => second.close());
    expect(await search(second)).toEqual(['pets_mcp_random_feline', 'pets_mcp_adopt_dog']);
    expect(endpoint.requests.slice(2).map((request) => request.input)).toEqual([['kitty']]);
  });
});
