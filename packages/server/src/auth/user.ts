/** Someone who calls the API. Administrators manage servers, policies and users. */
export interface User {
  id: string;
  name: string;
  role: 'user' | 'admin';
}

/** Where a credential's user is looked up: by API key, by id, or by an OAuth subject a user lists. */
export interface UserDirectory {
  byApiKey(apiKey: string): Promise<User | undefined>;
  byId(id: string): Promise<User | undefined>;
  byOAuthSubject(subject: string): Promise<User | undefined>;
}

/**
 * A user to create or update at start-up, with the API key they authenticate with (none: they sign
 * in at `/mcp` with an OAuth access token only).
 */
export interface UserSeed extends User {
  apiKey?: string;
}
