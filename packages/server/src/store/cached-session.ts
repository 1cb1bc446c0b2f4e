/** A conversation's session as this gateway last committed it. */
export interface CachedSession {
  /** The conversation's `session_version` it belongs to. */
  version: number;
  /** The session's JSON, as stored: each turn parses a copy of its own. */
  json: string;
}
