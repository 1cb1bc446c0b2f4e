const REDACTED = '[redacted]';

/**
 * A URL as a log may show it: scheme, host, port and path, with its credentials (user name and
 * password) and its query (which may carry them too, as Redis' `?password=`) replaced by
 * `[redacted]`. Text that does not parse as a URL is redacted whole, since it may still hold a
 * secret.
 */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return REDACTED;
  }
  const credentials = url.username || url.password ? `${REDACTED}@` : '';
  const query = url.search ? `?${REDACTED}` : '';
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${query}`;
}
