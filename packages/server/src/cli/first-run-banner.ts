import { isOfflinePlanner } from '../chat/model-label.ts';

/** A server as the banner shows it: connected with its tool count, or why it is not. */
export interface ServerSummary {
  name: string;
  toolCount?: number;
  error?: string;
}

/** What `switchboard serve` prints once it listens. */
export interface BannerInput {
  url: string;
  modelId: string;
  servers: readonly ServerSummary[];
  /** No API keys (loopback only): the web app works as it is. */
  openAccess: boolean;
  /** Whether the built web app is served. */
  webApp: boolean;
}

/**
 * Questions that work with the shipped demo servers, even with the offline planner (each is covered
 * by the first-run tests), by the server that answers them. A conversation's order matters: the
 * cart line uses the search before it.
 */
export const TRY_ASKING: Readonly<Record<string, readonly string[]>> = {
  'calculator-storage': ['what is 5 plus 3', 'store hello under greeting', 'what is stored in greeting'],
  shop: ['search milk', 'add the first one to my cart', 'show my cart'],
  'open-data': ['which are the largest countries by area', 'show countries in South America on a map'],
};

/** The questions of {@link TRY_ASKING} whose servers are connected. */
export function tryAsking(servers: readonly ServerSummary[]): string[] {
  const connected = new Set(
    servers.filter((server) => server.error === undefined).map((server) => server.name),
  );
  return Object.entries(TRY_ASKING).flatMap(([server, questions]) =>
    connected.has(server) ? questions : [],
  );
}

/**
 * The lines `switchboard serve` prints for people: where to open the app, which servers are
 * connected (with their tool counts), which model answers (and, for the offline planner, how to
 * configure a real one), and a few questions to try.
 */
export function firstRunBanner(input: BannerInput): string {
  const lines = [''];
  lines.push(
    input.webApp
      ? `  Open ${input.url} in your browser.`
      : `  The web app is not built (npm run build -w apps/web); the API is at ${input.url}.`,
  );
  if (input.openAccess)
    lines.push(
      "  The link holds this install's token: only whoever has it uses this gateway (the CLI finds it in",
      '  the data directory, file local-token; MCP clients send it as "Authorization: Bearer <token>").',
    );
  else lines.push('  API keys are required (Authorization: Bearer <key>).');
  lines.push('', '  Servers:');
  if (input.servers.length === 0) lines.push('    none (add some under "servers" in the configuration)');
  for (const server of input.servers) {
    lines.push(
      server.error === undefined
        ? `    ✓ ${server.name} (${server.toolCount ?? 0} tools)`
        : `    ✗ ${server.name}: ${server.error}`,
    );
  }
  lines.push('');
  if (isOfflinePlanner({ id: input.modelId })) {
    lines.push(
      '  Model: the offline planner, a deterministic rule-based planner, not a language model.',
      '    For a real model, set one of these and restart:',
      '      ANTHROPIC_API_KEY=…            (Anthropic)',
      '      OPENAI_API_KEY=…               (OpenAI; with OPENAI_BASE_URL for any compatible server)',
      '      SWITCHBOARD_MODEL=openai-compatible:http://127.0.0.1:11434/v1#qwen3   (Ollama, llama.cpp, vLLM…)',
    );
  } else {
    lines.push(`  Model: ${input.modelId}`);
  }
  const questions = tryAsking(input.servers);
  if (questions.length > 0) {
    lines.push('', '  Try asking:');
    for (const question of questions) lines.push(`    • ${question}`);
  }
  lines.push('', '  Stop with Ctrl+C.', '');
  return lines.join('\n');
}
