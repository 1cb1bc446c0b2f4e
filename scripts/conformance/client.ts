/**
 * The client that the MCP conformance suite tests in client mode: Switchboard's own
 * `McpConnection` (core's Node entry), with OAuth through `OAuthSessionProvider`, elicitation
 * answered through the connection's handlers, and every tool the test server offers called
 * once with arguments made from its schema (a model would choose them in real use).
 *
 * Run by `scripts/conformance/run-client.ts` as `node scripts/conformance/client.ts <server-url>`;
 * the suite names the scenario in `MCP_CONFORMANCE_SCENARIO` and gives its credentials in
 * `MCP_CONFORMANCE_CONTEXT`.
 */
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  PrivateKeyJwtProvider,
  requestJwtAuthorizationGrant,
} from '@modelcontextprotocol/client';
import { type McpAuthorization, McpConnection } from '@switchboard/core/node';
import { headlessAuthorization } from './headless-authorization.ts';
import { sampleArguments } from './sample-arguments.ts';

const serverUrl = process.argv[2];
if (!serverUrl) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string>;

const connection = new McpConnection({
  name: 'conformance',
  transport: { type: 'http', url: serverUrl, sseFallback: false },
  protocol: 'legacy',
  authorization: scenario.startsWith('auth/') ? authorizationFor(scenario) : undefined,
  handlers: {
    // Accepting with nothing filled in: the connection adds the schema's defaults (SEP-1034).
    elicitation: async () => ({ action: 'accept', content: {} }),
  },
});

try {
  const tools = await connection.listTools();
  for (const tool of tools) {
    const output = await connection.callTool(tool.name, sampleArguments(tool.inputSchema), {
      signal: AbortSignal.timeout(20_000),
    });
    console.log(`called ${tool.name}: ${JSON.stringify(output).slice(0, 200)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}

function authorizationFor(name: string): McpAuthorization {
  switch (name) {
    case 'auth/client-credentials-basic':
      return {
        provider: new ClientCredentialsProvider({
          clientId: context.client_id,
          clientSecret: context.client_secret,
        }),
      };
    case 'auth/client-credentials-jwt':
      return {
        provider: new PrivateKeyJwtProvider({
          clientId: context.client_id,
          privateKey: context.private_key_pem,
          algorithm: context.signing_algorithm ?? 'ES256',
        }),
      };
    case 'auth/cross-app-access-complete-flow':
      return {
        provider: new CrossAppAccessProvider({
          clientId: context.client_id,
          clientSecret: context.client_secret,
          // The enterprise IdP trades the user's ID token for an ID-JAG for this server (RFC 8693).
          assertion: async (target) =>
            (
              await requestJwtAuthorizationGrant({
                tokenEndpoint: context.idp_token_endpoint,
                audience: target.authorizationServerUrl,
                resource: target.resourceUrl,
                idToken: context.idp_id_token,
                clientId: context.idp_client_id,
                scope: target.scope,
                fetchFn: target.fetchFn,
              })
            ).jwtAuthGrant,
        }),
      };
    case 'auth/pre-registration':
      return headlessAuthorization({ client_id: context.client_id, client_secret: context.client_secret });
    default:
      return headlessAuthorization();
  }
}
