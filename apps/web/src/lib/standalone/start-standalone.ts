import type { CanvasModel } from '@switchboard/autoui';
import type { WebMcpServer } from '@switchboard/core';
import type { AppConfig } from '../app-config.ts';
import type { ConversationDriver } from '../conversation-driver.ts';
import { chooseModel } from './choose-model.ts';
import { RemoteMcpConnections } from './remote-mcp-connections.ts';
import { createStandaloneDriver, pageServers } from './standalone-driver.ts';

/**
 * Standalone mode (`?mode=standalone`): the loop runs in the page, with the page's own servers and
 * the remote MCP servers the person adds. Loaded on demand, so the gateway app does not carry the
 * runtime, its validators and its MCP client.
 */
export function startStandalone(options: {
  config: AppConfig;
  canvas: CanvasModel;
  callbackUrl: string;
  script: unknown;
}): { driver: ConversationDriver; servers: WebMcpServer[] } {
  const servers = pageServers(options.config, options.canvas);
  const { model, label } = chooseModel(options.script);
  const remote = new RemoteMcpConnections({
    servers: window.localStorage,
    oauth: window.sessionStorage,
    callbackUrl: options.callbackUrl,
  });
  const driver = createStandaloneDriver({
    config: options.config,
    canvas: options.canvas,
    storage: window.localStorage,
    model,
    modelLabel: label,
    servers,
    remote,
  });
  return { driver, servers };
}
