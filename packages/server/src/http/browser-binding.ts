import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/**
 * The cookie that ties an OAuth flow to the browser that started it (OAuth 2.0 Security BCP,
 * RFC 9700 §4.7.1): a random value per browser, HttpOnly, `SameSite=Lax` (sent on the top-level
 * navigation back from the authorization server), only on `/oauth` paths.
 */
const COOKIE = 'switchboard_oauth_browser';
const COOKIE_SECONDS = 30 * 24 * 60 * 60;

/** This browser's binding: the one its cookie carries, else a new one set on the response. */
export function browserBinding(c: Context): string {
  const kept = readBrowserBinding(c);
  if (kept) return kept;
  const made = randomBytes(32).toString('base64url');
  setCookie(c, COOKIE, made, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/oauth',
    maxAge: COOKIE_SECONDS,
    secure: new URL(c.req.url).protocol === 'https:',
  });
  return made;
}

/** The binding the request's cookie carries, if any. */
export function readBrowserBinding(c: Context): string | undefined {
  const value = getCookie(c, COOKIE);
  return value && value.length >= 32 ? value : undefined;
}
