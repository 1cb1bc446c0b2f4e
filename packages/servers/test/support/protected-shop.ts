import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveHttp, startCalculatorStorage, startShop } from '../../src/index.ts';
import { startAuthorizationServer, type TestAuthorizationServer } from './oidc-authorization-server.ts';

export interface ProtectedShopOptions {
  /** Scopes some shop tools need beyond `mcp`, by tool name (a call without them is a 403 step-up). */
  toolScopes?: Record<string, string[]>;
  /** Also serve the calculator behind the same authorization server, as `calculator`. */
  calculator?: boolean;
}

/**
 * The shop (and the calculator when asked for) served over HTTP as protected resources of one real
 * authorization server (oidc-provider, scopes `mcp shop:checkout`), for gateways to connect to.
 */
export interface ProtectedShop {
  authorizationServer: TestAuthorizationServer;
  /** The shop's MCP URL: the resource its tokens are for. */
  shopUrl: string;
  /** The calculator's MCP URL, when it was asked for. */
  calculatorUrl?: string;
  /** The servers as a gateway's configuration names them: each one a user connects with OAuth. */
  servers: Array<{ name: string; url: string; oauth: Record<string, never> }>;
  /** A scratch folder (the shop's data, and room for more), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export async function startProtectedShop(options: ProtectedShopOptions = {}): Promise<ProtectedShop> {
  const closers: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const closer of closers.splice(0).reverse()) await closer();
  };
  try {
    const authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp shop:checkout' });
    closers.push(() => authorizationServer.close());
    const dataDir = await mkdtemp(join(tmpdir(), 'gateway-oauth-'));
    closers.push(() => rm(dataDir, { recursive: true, force: true }));
    const shop = await startShop({ dataDir: join(dataDir, 'shop') });
    closers.push(() => shop.close());
    const shopHttp = await serveHttp(shop.createServer, {
      oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'], toolScopes: options.toolScopes },
    });
    closers.push(() => shopHttp.close());
    const servers = [{ name: 'shop', url: shopHttp.url, oauth: {} }];
    let calculatorUrl: string | undefined;
    if (options.calculator) {
      const calculator = await startCalculatorStorage();
      closers.push(() => calculator.close());
      const calculatorHttp = await serveHttp(calculator.createServer, {
        oauth: { issuer: authorizationServer.issuer, requiredScopes: ['mcp'] },
      });
      closers.push(() => calculatorHttp.close());
      calculatorUrl = calculatorHttp.url;
      servers.push({ name: 'calculator', url: calculatorUrl, oauth: {} });
    }
    return { authorizationServer, shopUrl: shopHttp.url, calculatorUrl, servers, dataDir, close };
  } catch (error) {
    await close();
    throw error;
  }
}
