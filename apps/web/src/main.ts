import { CanvasModel, canvasEventFromAgentEvent } from '@switchboard/autoui';
import type { WebMcpServer } from '@switchboard/core';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { loadAppConfig } from './lib/app-config.ts';
import type { ConversationDriver } from './lib/conversation-driver.ts';
import { createGatewayDriver } from './lib/gateway/gateway-driver.ts';
import { type ReturnedPage, returnedPage } from './lib/gateway/return-path.ts';
import { chooseModel } from './lib/standalone/choose-model.ts';
import { RemoteMcpConnections } from './lib/standalone/remote-mcp-connections.ts';
import { createStandaloneDriver, pageServers } from './lib/standalone/standalone-driver.ts';
import type { ModelContextLike } from './lib/webmcp/register-page-tools.ts';
import { registerPageTools } from './lib/webmcp/register-page-tools.ts';

declare global {
  interface Window {
    /** A scripted conversation for demos and browser tests (standalone mode only). */
    __SWITCHBOARD_SCRIPT__?: unknown;
  }
  interface Document {
    /** The WebMCP API of browsers that offer one. */
    modelContext?: ModelContextLike;
  }
}

const config = await loadAppConfig(window.location);
const canvas = new CanvasModel();
let servers: WebMcpServer[] = [];
let driver: ConversationDriver;
let returned: ReturnedPage | undefined;
if (config.mode === 'gateway') {
  returned = returnedPage(window.location.href);
  if (returned) window.history.replaceState(window.history.state, '', returned.href);
  driver = createGatewayDriver({
    config,
    storage: window.localStorage,
    conversationId: returned?.conversationId,
  });
} else {
  servers = pageServers(config, canvas);
  const { model, label } = chooseModel(window.__SWITCHBOARD_SCRIPT__);
  const remote = new RemoteMcpConnections({
    servers: window.localStorage,
    oauth: window.sessionStorage,
    callbackUrl: new URL('oauth-callback.html', window.location.href).href,
  });
  driver = createStandaloneDriver({
    config,
    canvas,
    storage: window.localStorage,
    model,
    modelLabel: label,
    servers,
    remote,
  });
}

registerPageTools(document.modelContext, servers, (event) => {
  const change = canvasEventFromAgentEvent(event);
  if (change) canvas.apply(change);
});

const target = document.getElementById('app');
if (!target) throw new Error('index.html needs an element with id "app"');
mount(App, { target, props: { driver, config, canvas, connectedServerId: returned?.serverId } });
