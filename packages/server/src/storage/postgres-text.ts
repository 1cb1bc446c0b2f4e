/** What PostgreSQL cannot store stands replaced by U+FFFD, the replacement character. */
const REPLACEMENT = '\uFFFD';

/**
 * A query parameter in PostgreSQL's text format: null for null and undefined, a string with its NUL
 * characters replaced (a `text` value cannot hold U+0000), a date in ISO 8601, an object as JSON
 * PostgreSQL's `jsonb` accepts (see {@link jsonText}), anything else as its string. Text that users,
 * models or MCP servers wrote therefore never makes a statement fail (a tool result with a NUL in it
 * used to lose the whole turn).
 */
export function postgresText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string')
    return value.includes('\u0000') ? value.replaceAll('\u0000', REPLACEMENT) : value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

/**
 * JSON text for a `jsonb` parameter: `JSON.stringify`, with the escapes `jsonb` refuses — `\u0000`
 * and an unpaired surrogate (`\ud800`…`\udfff`, which `JSON.stringify` writes only for lone ones) —
 * replaced by `\ufffd`. One linear pass; text without a backslash is returned as it is.
 */
export function jsonText(value: unknown): string {
  const text = JSON.stringify(value);
  if (!text.includes('\\u')) return text;
  let out = '';
  let copied = 0;
  for (let at = 0; at < text.length; at++) {
    if (text[at] !== '\\') continue;
    const next = text[at + 1];
    if (next === 'u' && refusedEscape(text.slice(at + 2, at + 6))) {
      out += `${text.slice(copied, at)}\\ufffd`;
      copied = at + 6;
    }
    at++; // the escaped character (a backslash escaping a backslash included)
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function refusedEscape(hex: string): boolean {
  const code = Number.parseInt(hex, 16);
  return code === 0 || (code >= 0xd800 && code <= 0xdfff);
}
