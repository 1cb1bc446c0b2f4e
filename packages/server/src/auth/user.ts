/** Someone who calls the API. Administrators manage servers, policies and users. */
export interface User {
  id: string;
  name: string;
  role: 'user' | 'admin';
}

/**
 * A user to create or update at start-up, with the API key they authenticate with (none: they sign
 * in at `/mcp` with an OAuth access token only).
 */
export interface UserSeed extends User {
  apiKey?: string;
}
