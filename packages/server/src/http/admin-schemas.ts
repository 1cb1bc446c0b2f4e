import type { JsonSchema } from '@switchboard/core';
import { ApprovalPolicySchema } from './schemas.ts';

const text = (maxLength: number, minLength = 1) => ({ type: 'string', minLength, maxLength }) as const;
/** A day (`2026-11-28`) or an instant (`2026-11-28T09:30:00Z`), as query parameters take them. */
const instant = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
} as const;

/** The body of `POST /users/{id}/keys`. */
export const ApiKeyCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { ...text(100), description: 'What the key is for, e.g. "laptop" or "CI".' } },
} as const;

/** The body of `POST /policy/preview`. */
export const PolicyPreviewSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['server', 'tool'],
  properties: {
    server: { ...text(200), description: "The server's registered name (rules match its sanitized form)." },
    tool: { ...text(200), description: "The server's real tool name." },
    annotations: {
      type: 'object',
      additionalProperties: false,
      properties: { readOnlyHint: { type: 'boolean' }, destructiveHint: { type: 'boolean' } },
    },
    policy: {
      ...ApprovalPolicySchema,
      description: "A draft policy to decide under (default: the deployment's policy in force).",
    },
  },
} as const;

/** The query of `GET /usage`. */
export const UsageQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    by: {
      enum: ['day', 'model', 'tool', 'user'],
      description:
        'Break the usage down by UTC day, model, tool (calls from the audit trail) or user; without it, the totals.',
    },
    from: { ...instant, description: 'From this day or instant on (inclusive).' },
    to: { ...instant, description: 'Before this instant, or up to the end of this day.' },
    user: { ...text(200), description: "Another user's usage (administrators)." },
    all: { enum: ['true', 'false'], description: "Everyone's usage together (administrators)." },
  },
} as const;

/** The query of `GET /audit`. */
export const AuditQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: text(200),
    server: text(200),
    tool: text(200),
    via: { enum: ['chat', 'mcp', 'direct'] },
    outcome: { enum: ['ok', 'tool_error', 'failed', 'denied', 'declined', 'refused', 'rate_limited'] },
    from: { ...instant, description: 'From this day or instant on (inclusive).' },
    to: { ...instant, description: 'Before this instant, or up to the end of this day.' },
    before: {
      type: 'string',
      pattern: '^[1-9]\\d{0,17}$',
      description: 'The next page: `next_cursor` of the last.',
    },
    limit: {
      type: 'string',
      pattern: '^([1-9]\\d?|1\\d\\d|200)$',
      description: 'Rows per page, 1–200 (default 50).',
    },
  },
} as const;
