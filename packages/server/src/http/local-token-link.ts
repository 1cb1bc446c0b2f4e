import type { MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { isLocalToken, localTokenCookieName } from '../auth/local-token.ts';

/** How long a browser keeps an open gateway's token (Chromium's longest: 400 days). */
const COOKIE_SECONDS = 400 * 24 * 60 * 60;

/**
 * The link `npm start` prints for an open gateway (`/?token=…`): opened in a browser (a page
 * navigation), its token is kept in an HttpOnly, SameSite=Strict cookie for this port and the
 * browser is sent on to the same page without it, so the token leaves the address bar and history.
 * A wrong token gets 401 and sets nothing. Other requests pass through untouched.
 */
export function localTokenLink(token: string): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.query('token');
    if (given === undefined || c.req.method !== 'GET') return next();
    if (!isLocalToken(token, given)) {
      c.header('cache-control', 'no-store');
      return c.text(
        "This link's token is not this gateway's. Open the link the gateway printed when it started.",
        401,
      );
    }
    const url = new URL(c.req.url);
    setCookie(c, localTokenCookieName(c.req.url), token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: COOKIE_SECONDS,
      secure: url.protocol === 'https:',
    });
    url.searchParams.delete('token');
    c.header('cache-control', 'no-store');
    c.header('referrer-policy', 'no-referrer');
    return c.redirect(`${url.pathname}${url.search}`, 303);
  };
}
