import { readAuditTrail } from '../../store/audit-query.ts';
import { type AnyApiRoute, apiRoute } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { errorResponse, json, standardErrors } from '../openapi-parts.ts';
import { readRange } from '../read-query.ts';
import { instant, text } from '../schemas.ts';

/** The query of `GET /audit`. */
const AuditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: text(200, 1),
    server: text(200, 1),
    tool: text(200, 1),
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

/**
 * `GET /audit` (administrators): the audit trail of every user's tool calls (chat, `/mcp`, direct
 * calls), newest first, paged, filtered by user, server, tool, path, outcome and time.
 */
export const auditRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/audit',
    summary: 'The audit trail of tool calls (administrators)',
    description:
      "Every user's tool calls through chat turns, /mcp and direct calls, refused ones included, newest first: who, which path, server, tool, outcome, time taken and why it failed; never arguments or results. " +
      'Filter by user, server, tool, via, outcome and time; page with `before` (the `next_cursor` of the page before).',
    query: AuditQuery,
    responses: {
      '200': json({
        type: 'object',
        required: ['items', 'next_cursor'],
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'string' },
                user_id: { type: 'string' },
                user_name: { type: ['string', 'null'] },
                via: { enum: ['chat', 'mcp', 'direct'] },
                server: { type: 'string' },
                tool: { type: 'string' },
                outcome: { type: 'string' },
                elapsed_ms: { type: 'integer' },
                error: { type: ['string', 'null'] },
                created_at: { type: 'string', format: 'date-time' },
              },
            },
          },
          next_cursor: { type: ['string', 'null'] },
        },
      }),
      ...standardErrors,
      '403': errorResponse('The caller is not an administrator.'),
    },
    async handle(c, { services, query: read }) {
      requireAdmin(c.get('user'), 'read the audit trail');
      const query = read();
      const range = readRange(query.from, query.to);
      // Rows are written in batches behind the calls: the calls made so far are all in the page.
      await services.endpointAudit.flush();
      const page = await readAuditTrail(services.db, {
        ...(query.user !== undefined ? { userId: query.user } : {}),
        ...(query.server !== undefined ? { server: query.server } : {}),
        ...(query.tool !== undefined ? { tool: query.tool } : {}),
        ...(query.via !== undefined ? { via: query.via } : {}),
        ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
        ...range,
        ...(query.before !== undefined ? { before: query.before } : {}),
        limit: query.limit === undefined ? 50 : Number(query.limit),
      });
      return c.json(page);
    },
  }),
];
