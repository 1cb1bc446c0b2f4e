/**
 * Sanitizes a server name for use as the first part of a prefixed tool name:
 * lowercase, every run of non-alphanumeric characters becomes one `_`, leading and trailing `_` removed.
 * An empty result becomes `server`.
 *
 * @example sanitizeServerName('My Weather API!') // 'my_weather_api'
 */
export function sanitizeServerName(name: string): string {
  const sanitized = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return sanitized === '' ? 'server' : sanitized;
}
