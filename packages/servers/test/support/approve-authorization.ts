/** The most pages a user goes through before coming back (login, consent, redirects). */
const MAX_STEPS = 20;

/**
 * Plays the user at an authorization server's pages, with fetch: opens the authorization URL,
 * follows redirects with the server's cookies, and submits each page's form (a login form gets
 * `login` as both login and password, a consent form is accepted as it is) until the server
 * redirects to `redirectUri`. Resolves with that redirect's query (`code`, `state`, `iss`, or an
 * `error`). Works with `oidc-provider`'s development pages, which accept any login.
 */
export async function approveAuthorization(
  authorizationUrl: URL,
  redirectUri: string,
  login: string,
): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  let request: { url: URL; init?: RequestInit } = { url: authorizationUrl };
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const headers = new Headers(request.init?.headers);
    headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(request.url, { ...request.init, headers, redirect: 'manual' });
    keepCookies(cookies, response);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, request.url);
      if (next.href.startsWith(redirectUri)) return next.searchParams;
      request = { url: next };
      continue;
    }
    const page = await response.text();
    if (!response.ok)
      throw new Error(`${request.url} answered HTTP ${response.status}: ${page.slice(0, 300)}`);
    request = submitForm(page, request.url, login);
  }
  throw new Error(`No redirect to ${redirectUri} after ${MAX_STEPS} pages`);
}

function keepCookies(cookies: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** The request submitting the page's first form, with the login filled in. */
function submitForm(page: string, pageUrl: URL, login: string): { url: URL; init: RequestInit } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(page);
  if (!form) throw new Error(`${pageUrl} shows no form: ${page.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const input of form[2].matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    if (!name) continue;
    const value = /\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? '';
    fields.set(name, name === 'login' || name === 'password' ? login : value);
  }
  const action = new URL(form[1].replaceAll('&amp;', '&'), pageUrl);
  return { url: action, init: { method: 'POST', body: fields } };
}
