import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An error the API answers with: an HTTP status, a stable machine code and a message saying what
 * to do. Rendered as `{"success": false, "error": {"code", "message", ...details}}`.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly details?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }
}

/** The 404 for a conversation that does not exist or belongs to someone else (the two look the same). */
export function conversationNotFound(id: string): ApiError {
  return new ApiError(404, 'conversation_not_found', `conversation ${JSON.stringify(id)} not found`);
}
