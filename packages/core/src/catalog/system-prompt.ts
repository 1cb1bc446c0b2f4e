import { isPlainObject } from '../shared/is-plain-object.ts';
import { RECALL_ROLE } from './catalog-server.ts';
import type { CatalogServer, DiscoveryRole, ToolCatalog } from './tool-catalog.ts';

const MAX_SERVER_DESCRIPTION = 200;

/**
 * Renders the structured system prompt of a catalog: the naming convention and lazy activation, one
 * line per server (name, protocol, tool count, description), then the workflow — STEP 1 recipe
 * search, 1b recipe list, 1c tool search, 2 read the recipe, 3 execute, 4 display — listing for each
 * step the (canonical) tool of every server that offers it. Steps no server offers are left out. The
 * display step lists the presentation tools the layers declare, each with its purpose, and recall.
 */
export function renderSystemPrompt(catalog: ToolCatalog): string {
  if (catalog.discoveryMode === 'global') return renderGlobalSystemPrompt(catalog);
  const servers = catalog.servers;
  const call = (entry: CatalogServer, role: DiscoveryRole): string[] => {
    const name = entry.discovery[role];
    return name === undefined ? [] : [`  ${name}(${signature(catalog, name)})`];
  };
  const step = (title: string, roles: DiscoveryRole[]): string[] => {
    const lines = servers.flatMap((entry) => roles.flatMap((role) => call(entry, role)));
    return lines.length === 0 ? [] : [title, ...lines];
  };
  const lines = [
    `You can use the tools of ${servers.length} server${servers.length === 1 ? '' : 's'}. Tool names read {server}_{protocol}_{tool}: protocol "mcp" is a remote server, "webmcp" runs locally.`,
    'You start with discovery tools only. Your first call to a server makes all its tools available, and tools returned by search_tools or list_tools can be called from your next step. Prefer searching to listing.',
    '',
    'SERVERS',
    ...servers.map(describeServer),
    '',
    'WORKFLOW',
    ...step('STEP 1 — Search the recipes (tested ways to combine tools for a task):', ['search_recipes']),
    ...step('STEP 1b — If no recipe was found, list them:', ['list_recipes']),
    ...step(
      'STEP 1c — If no recipe fits, search the tools with one short keyword query per capability, sent together as "queries" (or list them):',
      ['search_tools', 'list_tools'],
    ),
    ...step('STEP 2 — Read the chosen recipe and follow it:', ['get_recipe']),
    'STEP 3 — Execute the tools with the parameters their schemas require. If a call is rejected, correct the parameters using the expected schema in the error and try again.',
    ...displayStep(servers, (name) => [`  ${name}(${signature(catalog, name)})`]),
  ];
  return lines.join('\n');
}

/**
 * The prompt for a loop that offers every tool from the start (`discovery: 'eager'`): the naming
 * convention, one line per server, how to execute and display — and no discovery step, since no
 * discovery tool is offered.
 */
export function renderEagerSystemPrompt(catalog: ToolCatalog): string {
  const servers = catalog.servers;
  const call = (name: string): string[] =>
    catalog.parse(name)?.kind !== 'tool' ? [] : [`  ${name}(${signature(catalog, name)})`];
  return [
    `You can use the tools of ${servers.length} server${servers.length === 1 ? '' : 's'}, all of them available now. Tool names read {server}_{protocol}_{tool}: protocol "mcp" is a remote server, "webmcp" runs locally.`,
    '',
    'SERVERS',
    ...servers.map(describeServer),
    '',
    'WORKFLOW',
    'Execute the tools with the parameters their schemas require. If a call is rejected, correct the parameters using the expected schema in the error and try again.',
    ...displayStep(servers, call).map((line) =>
      line.replace(/^STEP 4 — (.)/, (_, first: string) => `Then ${first.toLowerCase()}`),
    ),
  ].join('\n');
}

/**
 * The prompt of global discovery: how many servers and tools there are and how to find them, with
 * no line per server, so its size does not grow with the catalog.
 */
function renderGlobalSystemPrompt(catalog: ToolCatalog): string {
  const servers = catalog.servers;
  const tools = servers.reduce((sum, entry) => sum + entry.toolNames.length, 0);
  const offered = new Set<string>(catalog.globalToolNames());
  const call = (name: string) => `${name}(${signature(catalog, name)})`;
  return [
    `You can use ${tools} tools on ${servers.length} servers. Tool names read {server}_{protocol}_{tool}: protocol "mcp" is a remote server, "webmcp" runs locally.`,
    'You start with discovery tools only. The tools search_tools returns can be called from your next step and stay callable for the rest of the conversation.',
    '',
    'WORKFLOW',
    ...(offered.has('search_recipes')
      ? [
          `STEP 1 — Search the recipes (tested ways to combine tools for a task): ${call('search_recipes')}; read the chosen one with ${call('get_recipe')} and follow it.`,
        ]
      : []),
    `STEP 2 — Find the tools: ${call('search_tools')}. Split the task into the capabilities it needs and write one short keyword query for each — a verb and its object, not the user's sentence — sent together: {"queries": ["weather forecast", "convert currency", "send email"]}. Search again when a later step needs something the results lack. To see which servers exist: ${call('list_servers')}; to search one server, pass its name as "server".`,
    'STEP 3 — Execute the tools with the parameters their schemas require. If a call is rejected, correct the parameters using the expected schema in the error and try again.',
    ...displayStep(servers, (name) => [`  ${call(name)}`]),
  ].join('\n');
}

function describeServer(entry: CatalogServer): string {
  const count = `${entry.toolNames.length} tool${entry.toolNames.length === 1 ? '' : 's'}`;
  const description = (entry.layer.description ?? '').trim().replace(/\s+/g, ' ');
  const text =
    description.length > MAX_SERVER_DESCRIPTION
      ? `${description.slice(0, MAX_SERVER_DESCRIPTION - 1)}…`
      : description;
  return `- ${entry.server} (${entry.protocol}, ${count})${text === '' ? '' : `: ${text}`}`;
}

/**
 * STEP 4: per server, its presentation tools with their purposes, then its recall; `call` renders a
 * tool's line (none for a tool the prompt leaves out). Without any, the step says to answer in text.
 */
function displayStep(servers: readonly CatalogServer[], call: (name: string) => string[]): string[] {
  const lines = servers.flatMap((entry) => {
    const recall = entry.discovery[RECALL_ROLE];
    return [
      ...entry.presentation.flatMap((tool) => call(tool.name).map((line) => `${line} — ${tool.purpose}`)),
      ...(recall === undefined ? [] : call(recall)).map(
        (line) => `${line} — read an earlier result again in full`,
      ),
    ];
  });
  if (lines.length === 0) return ['STEP 4 — Answer in text, summarizing what the tools returned.'];
  return ['STEP 4 — Display the results:', ...lines, 'Then answer briefly in text.'];
}

/** `query, limit?`: the parameter names of a tool, optional ones marked with `?`. */
function signature(catalog: ToolCatalog, name: string): string {
  const schema = catalog.validationSchema(name);
  if (schema === undefined || !isPlainObject(schema.properties)) return '';
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.keys(schema.properties)
    .map((property) => (required.includes(property) ? property : `${property}?`))
    .join(', ');
}
