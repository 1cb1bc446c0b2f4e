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
import type { Skill } from '@modelcontextprotocol/client/ext/skills';
import type { McpToolDef } from '@switchboard/core';
import { type McpAuthorization, McpConnection, WorkloadIdentityProvider } from '@switchboard/core/node';
import { headlessAuthorization } from './headless-authorization.ts';
import { sampleArguments } from './sample-arguments.ts';

const serverUrl = process.argv[2];
if (!serverUrl) {
  console.error('usage: client.ts <server-url>');
  process.exit(2);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string>;
/** The protocol revision the suite runs this scenario at (a 2025 revision, or 2026-07-28). */
const era = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '2025-11-25';

const connection = new McpConnection({
  name: 'conformance',
  transport: { type: 'http', url: serverUrl, sseFallback: false },
  protocol: era >= '2026-07-28' ? 'auto' : 'legacy',
  authorization: scenario.startsWith('auth/') ? authorizationFor(scenario) : undefined,
  handlers: {
    // Accepting with nothing filled in: the connection adds the schema's defaults (SEP-1034).
    elicitation: async () => ({ action: 'accept', content: {} }),
  },
});

/** Tool calls the scenario names in its context (`toolCalls`), made instead of one call per tool. */
const namedCalls = (context as { toolCalls?: { name: string; arguments: Record<string, unknown> }[] })
  .toolCalls;

try {
  const tools = await connection.listTools();
  const calls =
    namedCalls ?? tools.map((tool) => ({ name: tool.name, arguments: argumentsFor(tool, tools) }));
  for (const call of calls) await report(`called ${call.name}`, () => callTool(call.name, call.arguments));
  // Resources and prompts, where the server has them: each read or got once.
  const resources = await report('listed resources', () => connection.listResources());
  for (const resource of resources ?? [])
    await report(`read ${resource.uri}`, () => connection.readResource(resource.uri));
  const prompts = await report('listed prompts', () => connection.listPrompts());
  for (const prompt of prompts ?? [])
    await report(`got prompt ${prompt.name}`, () => connection.getPrompt(prompt.name));
  // Skills are listed; one is loaded only when a task needs it (a model would pick it), which the
  // suite's verification scenarios stand for: its SKILL.md, verified, then its other files.
  const skills = await report('listed skills', () => connection.listSkills());
  if (scenario.startsWith('sep-2640-client-verify-'))
    for (const skill of skills ?? []) await report(`loaded skill ${skill.uri}`, () => loadSkill(skill));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}

/** Reads a skill's SKILL.md, then each of its other files, each verified: the first that fails stops it. */
async function loadSkill(skill: Skill): Promise<string[]> {
  const manifest = await connection.readSkill(skill);
  const files = [manifest.uri];
  // A "dynamic" skill lists no files: only its SKILL.md is read.
  for (const file of Array.isArray(skill.resources) ? skill.resources : []) {
    if (file.uri === skill.uri) continue;
    files.push((await connection.readSkill(skill, file.uri)).uri);
  }
  return files;
}

function callTool(name: string, args: Record<string, unknown>) {
  return connection.callTool(name, args, { signal: AbortSignal.timeout(20_000) });
}

/**
 * Runs one step and prints what came back, or why it failed: a scenario's server may refuse a
 * request on purpose (a method it lacks, a tool that fails), and the suite judges what was sent.
 */
async function report<T>(what: string, step: () => Promise<T>): Promise<T | undefined> {
  try {
    const result = await step();
    console.log(`${what}: ${JSON.stringify(result).slice(0, 200)}`);
    return result;
  } catch (error) {
    console.log(`${what} failed: ${error instanceof Error ? error.message : error}`);
    return undefined;
  }
}

/**
 * The arguments of one call: made from the tool's schema, except for the suite's echo tool
 * (`json_schema_echo`), which is handed another tool's input schema exactly as the connection
 * listed it, so the suite can see whether anything of it was lost.
 */
function argumentsFor(tool: McpToolDef, tools: readonly McpToolDef[]): Record<string, unknown> {
  const echoed = tools.find((other) => other.name === 'json_schema_2020_12_tool');
  if (tool.name === 'json_schema_echo' && echoed) return { schema: echoed.inputSchema };
  return sampleArguments(tool.inputSchema);
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
    case 'auth/enterprise-managed-authorization':
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
    case 'auth/wif-jwt-bearer':
      return {
        provider: new WorkloadIdentityProvider({
          clientId: context.client_id,
          assertion: () => context.valid_jwt,
        }),
      };
    case 'auth/dpop':
    case 'auth/dpop-nonce':
      return headlessAuthorization(undefined, { dpop: true });
    default:
      return headlessAuthorization();
  }
}
