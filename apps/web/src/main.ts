import { CanvasModel, canvasEventFromAgentEvent } from '@switchboard/autoui';
import type { WebMcpServer } from '@switchboard/core';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { loadAppConfig } from './lib/app-config.ts';
import type { ConversationDriver } from './lib/conversation-driver.ts';
import { createGatewayDriver, forgetGatewayConversations } from './lib/gateway/gateway-driver.ts';
import { GatewaySignIn, loadSignInConfig } from './lib/gateway/gateway-sign-in.ts';
import LocalAccessScreen from './lib/gateway/LocalAccessScreen.svelte';
import { type ReturnedPage, returnedPage } from './lib/gateway/return-path.ts';
import SignInScreen from './lib/gateway/SignInScreen.svelte';
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
const target = document.getElementById('app');
if (!target) throw new Error('index.html needs an element with id "app"');
/** The OAuth callback page of the app (standalone Connect and the gateway sign-in both come back there). */
const callbackUrl = new URL('oauth-callback.html', window.location.href).href;
const canvas = new CanvasModel();
let servers: WebMcpServer[] = [];
let driver: ConversationDriver | undefined;
let returned: ReturnedPage | undefined;
let signIn: GatewaySignIn | undefined;
if (config.mode === 'gateway') {
  // A gateway that signs people in at its identity provider says so; an API key in config.json wins.
  const signInConfig = config.apiKey ? undefined : await loadSignInConfig(config.apiBase);
  signIn = signInConfig
    ? new GatewaySignIn({ config: signInConfig, storage: window.sessionStorage, callbackUrl })
    : undefined;
  const finished = await signIn?.finish();
  if (signIn && !signIn.token) {
    const problem = finished?.signedIn === false ? finished.problem : signIn.takeNotice();
    mount(SignInScreen, { target, props: { signIn, problem } });
  } else if (!signIn && !config.apiKey && (await fetch(`${config.apiBase}/me`)).status === 401) {
    // A gateway without users answers only the browser holding its token (its printed link).
    mount(LocalAccessScreen, { target });
  } else {
    returned = returnedPage(window.location.href);
    if (returned) window.history.replaceState(window.history.state, '', returned.href);
    const session = signIn;
    driver = createGatewayDriver({
      config,
      storage: window.localStorage,
      conversationId: returned?.conversationId,
      ...(session
        ? {
            accessToken: () => session.token,
            onUnauthorized: () => {
              session.signOut('The gateway no longer accepts your sign-in: sign in again.');
              window.location.reload();
            },
          }
        : {}),
    });
  }
} else {
  const { startStandalone } = await import('./lib/standalone/start-standalone.ts');
  ({ driver, servers } = startStandalone({
    config,
    canvas,
    callbackUrl,
    script: window.__SWITCHBOARD_SCRIPT__,
  }));
}

registerPageTools(document.modelContext, servers, (event) => {
  const change = canvasEventFromAgentEvent(event);
  if (change) canvas.apply(change);
});

if (driver) {
  const session = signIn;
  const signOut = session
    ? () => {
        session.signOut();
        forgetGatewayConversations(window.localStorage);
        window.location.reload();
      }
    : undefined;
  mount(App, { target, props: { driver, config, canvas, connectedServerId: returned?.serverId, signOut } });
}
