import type { GatewayOptions } from '../../src/index.ts';
import { type QueuedModel, queuedModel } from './queued-model.ts';
import type { TestBackend } from './test-database.ts';
import { startTestGateway, type TestGateway } from './test-gateway.ts';
import { startTestMcpServer, type TestMcpServer } from './test-mcp-server.ts';

/** A test gateway with the test MCP server registered (as `tools` unless named otherwise) and a model the tests queue replies for. */
export interface ToolsGateway {
  model: QueuedModel;
  mcp: TestMcpServer;
  gateway: TestGateway;
  close(): Promise<void>;
}

/**
 * A test gateway on `backend` whose model the tests queue replies for, 1000 requests a minute
 * unless `options.limits` says otherwise.
 */
export async function startQueuedGateway(
  backend: TestBackend,
  options: Partial<GatewayOptions> = {},
): Promise<{ model: QueuedModel; gateway: TestGateway }> {
  const model = queuedModel();
  const gateway = await startTestGateway(backend, { model, limits: { requestsPerMinute: 1000 }, ...options });
  return { model, gateway };
}

/**
 * Starts the test MCP server and a gateway over it on `backend`, 1000 requests a minute unless
 * `gateway.limits` says otherwise; `name` and `description` are the test server's.
 */
export async function startToolsGateway(
  backend: TestBackend,
  options: { name?: string; description?: string; gateway?: Partial<GatewayOptions> } = {},
): Promise<ToolsGateway> {
  const mcp = await startTestMcpServer();
  try {
    const { model, gateway } = await startQueuedGateway(backend, {
      servers: [
        {
          name: options.name ?? 'tools',
          url: mcp.url,
          ...(options.description ? { description: options.description } : {}),
        },
      ],
      ...options.gateway,
    });
    return {
      model,
      mcp,
      gateway,
      async close() {
        await gateway.close();
        await mcp.close();
      },
    };
  } catch (error) {
    await mcp.close();
    throw error;
  }
}
