import type { Client } from '@modelcontextprotocol/client';
import { embedderFromEnv } from '@switchboard/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbeddingsServer } from '../../core/src/discovery/dense/fake-embeddings-server.test-helper.ts';
import { connectEndpoint } from './support/mcp-endpoint-client.ts';
import { queuedModel } from './support/queued-model.ts';
import { KEYS, startTestGateway, type TestGateway } from './support/test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './support/test-mcp-server.ts';

describe("/mcp search ranks as chat does: dense retrieval when it's configured", () => {
  let embeddings: Awaited<ReturnType<typeof fakeEmbeddingsServer>>;
  let tools: TestMcpServer;
  let gw: TestGateway;
  let client: Client;

  beforeAll(async () => {
    // "parrot" means what "returns" means, and no tool's text says "parrot": only meaning finds it.
    embeddings = await fakeEmbeddingsServer({ concepts: { parrot: 'returns' } });
    tools = await startTestMcpServer();
    gw = await startTestGateway('pglite', {
      model: queuedModel(),
      servers: [{ name: 'test tools', url: tools.url }],
      allowPrivateNetworks: true,
      embeddings: embedderFromEnv({
        SWITCHBOARD_EMBEDDINGS: `openai-compatible:${embeddings.baseUrl}#test-model`,
      }),
    });
    client = await connectEndpoint(gw.url, { key: KEYS.alice, mode: 'discovery' });
  });
  afterAll(async () => {
    await client?.close();
    await gw?.close();
    await tools?.close();
    await embeddings?.close();
  });

  it('search_tools finds a tool by meaning through the embeddings endpoint', async () => {
    const result = await client.callTool({ name: 'search_tools', arguments: { query: 'parrot' } });
    const found = (result.structuredContent as { tools: Array<{ name: string }> }).tools.map(
      (tool) => tool.name,
    );
    expect(found[0]).toBe('test_tools_echo');
    expect(embeddings.requests.map((request) => request.input)).toContainEqual(['parrot']);
  });
});
