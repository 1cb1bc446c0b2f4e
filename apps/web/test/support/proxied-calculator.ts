import { type HttpServing, serveHttp, startCalculatorStorage } from '@switchboard/servers';
import {
  startAuthorizationServer,
  type TestAuthorizationServer,
} from '../../../../packages/servers/test/support/oidc-authorization-server.ts';
import { corsProxy } from './cors-proxy.ts';

/** A scripted turn asking the calculator, configured as `calc`, for 5 + 3, then answering. */
export const CALCULATE_SCRIPT = {
  delayMs: 10,
  turns: [
    {
      text: 'Let me ask the remote calculator.',
      toolCalls: [{ name: 'calc_mcp_calculate', input: { operation: 'add', a: 5, b: 3 } }],
    },
    { text: 'The remote calculator answered.' },
  ],
};

/** The shipped calculator over Streamable HTTP, behind a CORS proxy the page reaches it through. */
export interface ProxiedCalculator {
  /** The proxy's MCP URL: what the page connects to (and, with OAuth, the protected resource). */
  url: string;
  close(): Promise<void>;
}

/** Starts the calculator behind a CORS proxy; with `oauthIssuer`, as that authorization server's protected resource (scope `mcp`). */
export async function startProxiedCalculator(
  options: { oauthIssuer?: string } = {},
): Promise<ProxiedCalculator> {
  const calculator = await startCalculatorStorage();
  let mcp: HttpServing | undefined;
  // The calculator starts after the proxy: with OAuth, its resource URL is the proxy's.
  const proxy = await corsProxy(() => mcp?.url ?? 'http://127.0.0.1:9/mcp');
  mcp = await serveHttp(calculator.createServer, {
    port: 0,
    ...(options.oauthIssuer
      ? { oauth: { issuer: options.oauthIssuer, requiredScopes: ['mcp'], resource: proxy.url } }
      : {}),
  });
  return {
    url: proxy.url,
    async close() {
      await new Promise((resolve) => proxy.server.close(resolve));
      await mcp?.close();
      await calculator.close();
    },
  };
}

/** The calculator as the protected resource of its own authorization server. */
export interface ProtectedCalculator extends ProxiedCalculator {
  authorizationServer: TestAuthorizationServer;
}

/** The calculator behind the CORS proxy as the protected resource of its own authorization server (oidc-provider, scope `mcp`). */
export async function startProtectedCalculator(): Promise<ProtectedCalculator> {
  const authorizationServer = await startAuthorizationServer({ resourceScopes: 'mcp' });
  try {
    const calculator = await startProxiedCalculator({ oauthIssuer: authorizationServer.issuer });
    return {
      url: calculator.url,
      authorizationServer,
      async close() {
        await calculator.close();
        await authorizationServer.close();
      },
    };
  } catch (error) {
    await authorizationServer.close();
    throw error;
  }
}
