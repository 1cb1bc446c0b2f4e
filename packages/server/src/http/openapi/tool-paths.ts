import {
  body,
  conversationIdParam,
  errorResponse,
  json,
  list,
  ref,
  standardErrors,
} from '../openapi-parts.ts';
import { EnabledToolSchema, EnableToolRequestSchema } from '../schemas.ts';

/** The component schemas of a conversation's enabled tools. */
export const toolSchemas = { EnabledTool: EnabledToolSchema };

/** The tools a conversation may use: available, enabled, enable, disable. */
export const toolPaths = {
  '/conversations/{id}/tools/available': {
    parameters: [conversationIdParam],
    get: {
      summary:
        "Tools of the running servers this user may use (server_id, server, tool_name, title — the server's own human title, when it gives one —, description, input_schema, annotations, enabled)",
      responses: { '200': json({ type: 'object' }), ...standardErrors },
    },
  },
  '/conversations/{id}/tools': {
    parameters: [conversationIdParam],
    get: {
      summary: 'Enabled tools (empty: every running server, through discovery)',
      responses: { '200': json(list(ref('EnabledTool'))), ...standardErrors },
    },
    post: {
      summary: 'Enable a tool (`tool_name: "*"` for all of a server)',
      requestBody: body(EnableToolRequestSchema),
      responses: {
        '201': json(list(ref('EnabledTool'))),
        '200': json(list(ref('EnabledTool'))),
        ...standardErrors,
        '409': errorResponse('The server cannot be reached.'),
      },
    },
  },
  '/conversations/{id}/tools/{serverId}/{toolName}': {
    parameters: [
      conversationIdParam,
      { name: 'serverId', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'toolName', in: 'path', required: true, schema: { type: 'string' } },
    ],
    delete: {
      summary: 'Disable a tool',
      responses: { '200': json(list(ref('EnabledTool'))), ...standardErrors },
    },
  },
};
