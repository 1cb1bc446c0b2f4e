/** JSON-RPC's code for a request whose headers and body disagree (MCP 2026-07-28, SEP-2243). */
const HEADER_MISMATCH = -32020;
const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CANONICAL_DECIMAL = /^-?\d+(\.\d+)?$/;

/** One parameter a tool mirrors into a header: where it is in the arguments, its header, its type. */
interface Declaration {
  path: string[];
  header: string;
  type: string;
}

/**
 * Checks a `tools/call` of a tool whose input schema marks parameters with `x-mcp-header` (SEP-2243):
 * each such parameter the arguments carry must come in its `Mcp-Param-{Name}` header too, with the
 * same value (plain, or `=?base64?…?=` for what a header cannot carry), so that what proxies and
 * load balancers route on is what the tool receives. Returns the JSON-RPC error for the first
 * disagreement (a missing header, an undecodable one, another value), undefined when all agree.
 * What the SDK's `McpServer` checks for its own tools, done here for the gateway's, whose schemas
 * come from its servers.
 */
export function paramHeaderMismatch(
  inputSchema: unknown,
  args: unknown,
  headers: Headers,
): { code: number; message: string; data: { mismatch: { header: string; body: string } } } | undefined {
  for (const { path, header, type } of declarations(inputSchema, [])) {
    const value = valueAt(args, path);
    const expected = headerText(value);
    if (expected === undefined) continue;
    const name = `Mcp-Param-${header}`;
    const where = path.join('.');
    const sent = headers.get(name);
    const disagree = (body: string) => ({
      code: HEADER_MISMATCH,
      message: `Bad Request: the request headers and body disagree: ${body}`,
      data: { mismatch: { header: name, body } },
    });
    if (sent === null)
      return disagree(`the body carries ${where}=${JSON.stringify(value)} but the ${name} header is absent`);
    const decoded = decode(sent);
    if (decoded === undefined) return disagree(`the ${name} header carries an invalid Base64 sentinel value`);
    const numeric = (type === 'integer' || type === 'number') && typeof value === 'number';
    const same =
      numeric && CANONICAL_DECIMAL.test(decoded) ? Number(decoded) === value : decoded === expected;
    if (!same)
      return disagree(
        `the ${name} header decodes to ${JSON.stringify(decoded)} but the body carries ${where}=${JSON.stringify(value)}`,
      );
  }
  return undefined;
}

/** The `x-mcp-header` declarations reachable through `properties` alone (the only place the spec allows them). */
function declarations(schema: unknown, path: string[]): Declaration[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const found: Declaration[] = [];
  const header = node['x-mcp-header'];
  if (path.length > 0 && typeof header === 'string' && header.length > 0)
    found.push({ path, header, type: typeof node.type === 'string' ? node.type : '' });
  const properties = node.properties;
  if (properties !== null && typeof properties === 'object')
    for (const [key, child] of Object.entries(properties)) found.push(...declarations(child, [...path, key]));
  return found;
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A value as its header carries it; undefined for one that goes in no header (absent, null, not a primitive). */
function headerText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!Number.isInteger(value) || Number.isSafeInteger(value))
  )
    return String(value);
  return undefined;
}

/** A header's value, the Base64 sentinel decoded (UTF-8); undefined when the sentinel carries no canonical Base64. */
function decode(value: string): string | undefined {
  if (!(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX))) return value;
  const encoded = value.slice(SENTINEL_PREFIX.length, value.length - SENTINEL_SUFFIX.length);
  if (!CANONICAL_BASE64.test(encoded)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(encoded, 'base64'));
  } catch {
    return undefined;
  }
}
