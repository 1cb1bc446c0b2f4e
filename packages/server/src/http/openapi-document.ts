import type { JsonSchema } from '@switchboard/core';
import {
  ApprovalPolicySchema,
  ApprovalRequestSchema,
  AuthorizeRequestSchema,
  ChatRequestSchema,
  CompleteRequestSchema,
  ConversationInputSchema,
  ConversationLimitsSchema,
  ElicitationAnswerSchema,
  EnabledToolSchema,
  EnableToolRequestSchema,
  MessageInputSchema,
  PolicyUpdateSchema,
  PromptGetRequestSchema,
  ResourceReadRequestSchema,
  SamplingDecisionSchema,
  ServerRegistrationSchema,
  StatelessChatRequestSchema,
  ToolCallRequestSchema,
  ToolResultsRequestSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from './schemas.ts';

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
const list = (item: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['items'],
  properties: { items: { type: 'array', items: item } },
});

const Message: JsonSchema = {
  type: 'object',
  required: ['id', 'role', 'content', 'timestamp'],
  properties: {
    id: { type: 'string' },
    role: { enum: ['user', 'assistant', 'system', 'tool'] },
    content: { type: ['string', 'null'] },
    timestamp: { type: 'string', format: 'date-time' },
    tool_calls: { type: 'array', items: { type: 'object' } },
    tool_call_id: { type: 'string' },
    name: { type: 'string' },
    is_error: { type: 'boolean' },
  },
};

const PendingCall: JsonSchema = {
  type: 'object',
  required: ['call_id', 'name', 'input', 'reason'],
  properties: {
    call_id: { type: 'string' },
    name: { type: 'string', description: 'The name the model called.' },
    server: { type: 'string' },
    tool: { type: 'string', description: 'The tool it routes to (for client tools: the declared name).' },
    input: {},
    reason: { enum: ['client_tool', 'approval'] },
  },
};

const Conversation: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'title',
    'system_prompt',
    'enabled_tools',
    'limits',
    'status',
    'pending',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    system_prompt: { type: 'string' },
    context: {},
    model: { type: ['string', 'null'] },
    enabled_tools: { type: 'array', items: EnabledToolSchema },
    limits: ConversationLimitsSchema,
    approval_policy: { anyOf: [ApprovalPolicySchema, { type: 'null' }] },
    status: { enum: ['idle', 'running', 'awaiting_client_tool', 'awaiting_approval'] },
    pending: { type: 'array', items: ref('PendingCall') },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
};

const ChatResponse: JsonSchema = {
  type: 'object',
  required: [
    'success',
    'run_id',
    'stop_reason',
    'user_message',
    'assistant_message',
    'messages',
    'pending',
    'message',
  ],
  properties: {
    success: { type: 'boolean' },
    run_id: { type: 'string' },
    stop_reason: {
      enum: [
        'end_turn',
        'max_iterations',
        'max_tool_calls',
        'aborted',
        'error',
        'awaiting_client_tool',
        'awaiting_approval',
        'not_saved',
      ],
    },
    user_message: { anyOf: [ref('Message'), { type: 'null' }] },
    assistant_message: { anyOf: [ref('Message'), { type: 'null' }] },
    messages: {
      type: 'array',
      items: ref('Message'),
      description: 'Every message the turn stored, besides the user message.',
    },
    pending: { type: 'array', items: ref('PendingCall') },
    message: { type: 'string' },
    error: ref('ErrorBody'),
  },
};

const ServerView: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'owner', 'transport', 'enabled', 'status', 'authorization'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    description: { type: ['string', 'null'] },
    owner: { type: 'string', description: '`deployment`, `you`, or the owner id (administrators).' },
    transport: {
      type: 'object',
      description:
        'http {url, headers (masked), oauth {client_id, client_secret (masked), scopes}}, stdio {command, args, env (masked)} or builtin {name}.',
    },
    enabled: { type: 'boolean' },
    status: { enum: ['connected', 'idle', 'error', 'stopped', 'unavailable'] },
    authorization: {
      enum: ['connected', 'required', 'not_needed'],
      description:
        'For servers that authorize each user with OAuth: whether the caller has connected it (`required`: POST /servers/{id}/authorize; ' +
        'also after the server asked for more scope than the caller granted, until they connect it again).',
    },
    error: { type: 'string' },
    tool_count: { type: 'integer' },
    protocol_version: { type: 'string' },
  },
};

const ErrorBody: JsonSchema = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: true,
};

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['success', 'error'],
        properties: { success: { const: false }, error: ref('ErrorBody') },
      },
    },
  },
});

const json = (schema: JsonSchema, description = 'OK') => ({
  description,
  content: { 'application/json': { schema } },
});
const body = (schema: JsonSchema) => ({ required: true, content: { 'application/json': { schema } } });
const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Conversation id.',
};
const requestIdParam = {
  name: 'requestId',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'The `requestId` of the `elicitation_request` or `sampling_request` event.',
};
const serverParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'Server id.',
};
const userParam = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string' },
  description: 'User id.',
};
const UserView = {
  type: 'object',
  required: ['id', 'name', 'role', 'oauth_subjects'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    role: { enum: ['user', 'admin'] },
    oauth_subjects: { type: 'array', items: { type: 'string' } },
    configured_oauth_subjects: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Subjects the gateway configuration lists (users[].oauthSubjects); PATCH doesn't change them.",
    },
  },
} satisfies JsonSchema;
const standardErrors = {
  '400': errorResponse('Malformed JSON or an invalid body/parameter.'),
  '401': errorResponse('No or unknown API key.'),
  '404': errorResponse("Not found (another user's conversation is not found either)."),
  '413': errorResponse('The body is too large.'),
};
const sse = {
  description:
    'With `Accept: text/event-stream`: Server-Sent Events. `id` is the event sequence number (resume with `Last-Event-ID` ' +
    'on GET /conversations/{id}/stream, on any replica); `data` is an AG-UI event (RUN_STARTED, TEXT_MESSAGE_*, TOOL_CALL_*, ' +
    'CUSTOM, RUN_FINISHED/RUN_ERROR). CUSTOM `model_output_discarded` {messageId?, toolCallIds, reason} names the text ' +
    'message and tool calls of a reply that broke off (it is asked again: `model_retry`) or failed: drop them, they are ' +
    'never stored. CUSTOM `user_message` acknowledges the stored user message; CUSTOM `turn_saved` ' +
    '(just before RUN_FINISHED) carries the stored messages; CUSTOM `server_needs_authorization` {server, server_id, ' +
    'message, authorize, scope?} names a server left out of the turn until the user connects it (POST /servers/{id}/authorize; ' +
    '`scope`: a call was refused for too little scope, and connecting again asks for it); ' +
    'CUSTOM `server_unavailable` {server, server_id, reason, message} names a server left out because it could not be ' +
    'reached in time.',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
};
const turnResponses = {
  '200': {
    ...json(ref('ChatResponse'), 'The turn, committed (JSON), or its live stream (SSE).'),
    content: { ...json(ref('ChatResponse')).content, ...sse.content },
  },
  ...standardErrors,
  '409': errorResponse('A turn is already running, nothing is pending, or an answer is a duplicate.'),
  '429': errorResponse('Rate limit; see Retry-After.'),
  '500': errorResponse('The turn could not be saved.'),
  '502': errorResponse('The model failed (the turn, with the user message, is saved).'),
};

/**
 * The OpenAPI 3.1 document of the gateway, built from the same JSON Schemas that validate the
 * request bodies. Served at `/openapi.json`; every path is also served under `/api`.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Switchboard gateway',
      version: '0.1.0',
      description:
        'Conversations with a language model that uses tools from MCP servers: persisted, streamed (AG-UI events), ' +
        'with client-side tools, approvals, limits and an MCP server registry. Every path is also served under /api.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }, { apiKey: [] }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key as a bearer token.' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
      },
      schemas: {
        Conversation,
        ConversationInput: ConversationInputSchema,
        Message,
        MessageInput: MessageInputSchema,
        PendingCall,
        ChatRequest: ChatRequestSchema,
        ChatResponse,
        ToolResultsRequest: ToolResultsRequestSchema,
        ApprovalRequest: ApprovalRequestSchema,
        ElicitationAnswer: ElicitationAnswerSchema,
        PromptGetRequest: PromptGetRequestSchema,
        ResourceReadRequest: ResourceReadRequestSchema,
        CompleteRequest: CompleteRequestSchema,
        SamplingDecision: SamplingDecisionSchema,
        ApprovalPolicy: ApprovalPolicySchema,
        EnabledTool: EnabledToolSchema,
        StatelessChatRequest: StatelessChatRequestSchema,
        ServerRegistration: ServerRegistrationSchema,
        Server: ServerView,
        ToolCallRequest: ToolCallRequestSchema,
        AuthorizeRequest: AuthorizeRequestSchema,
        ErrorBody,
      },
    },
    paths: {
      '/health': {
        get: { summary: 'Liveness', security: [], responses: { '200': json({ type: 'object' }) } },
      },
      '/openapi.json': {
        get: { summary: 'This document', security: [], responses: { '200': json({ type: 'object' }) } },
      },
      '/conversations': {
        post: {
          summary: 'Create a conversation',
          requestBody: body(ref('ConversationInput')),
          responses: { '201': json(ref('Conversation')), ...standardErrors },
        },
        get: {
          summary: 'List conversations (newest update first)',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            },
            {
              name: 'cursor',
              in: 'query',
              schema: { type: 'string' },
              description: 'next_cursor of the previous page.',
            },
            {
              name: 'q',
              in: 'query',
              schema: { type: 'string' },
              description: 'Search titles and message text.',
            },
          ],
          responses: {
            '200': json({
              type: 'object',
              required: ['items', 'next_cursor'],
              properties: {
                items: { type: 'array', items: ref('Conversation') },
                next_cursor: { type: ['string', 'null'] },
              },
            }),
            ...standardErrors,
          },
        },
      },
      '/conversations/{id}': {
        parameters: [idParam],
        get: {
          summary: 'Read a conversation',
          responses: { '200': json(ref('Conversation')), ...standardErrors },
        },
        patch: {
          summary: 'Update a conversation',
          requestBody: body(ref('ConversationInput')),
          responses: { '200': json(ref('Conversation')), ...standardErrors },
        },
        delete: {
          summary: 'Delete a conversation and everything it owns',
          responses: {
            '200': json({ type: 'object' }),
            ...standardErrors,
            '409': errorResponse('A turn is running.'),
          },
        },
      },
      '/conversations/{id}/messages': {
        parameters: [idParam],
        get: {
          summary: 'List messages in order',
          parameters: [
            {
              name: 'after',
              in: 'query',
              schema: { type: 'string' },
              description: 'A message id: only later messages.',
            },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 10000 } },
          ],
          responses: { '200': json(list(ref('Message'))), ...standardErrors },
        },
        post: {
          summary: 'Add a message by hand (the history the model sees is rebuilt)',
          requestBody: body(ref('MessageInput')),
          responses: {
            '201': json(ref('Message')),
            ...standardErrors,
            '409': errorResponse('A turn is running.'),
          },
        },
      },
      '/conversations/{id}/messages/{messageId}': {
        parameters: [idParam, { name: 'messageId', in: 'path', required: true, schema: { type: 'string' } }],
        delete: {
          summary: 'Delete a message (an assistant message takes its tool results with it)',
          responses: {
            '200': json({ type: 'object' }),
            ...standardErrors,
            '409': errorResponse('A turn is running.'),
          },
        },
      },
      '/conversations/{id}/tools/available': {
        parameters: [idParam],
        get: {
          summary:
            "Tools of the running servers this user may use (server_id, server, tool_name, title — the server's own human title, when it gives one —, description, input_schema, annotations, enabled)",
          responses: { '200': json({ type: 'object' }), ...standardErrors },
        },
      },
      '/conversations/{id}/tools': {
        parameters: [idParam],
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
          idParam,
          { name: 'serverId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'toolName', in: 'path', required: true, schema: { type: 'string' } },
        ],
        delete: {
          summary: 'Disable a tool',
          responses: { '200': json(list(ref('EnabledTool'))), ...standardErrors },
        },
      },
      '/conversations/{id}/chat': {
        parameters: [idParam],
        post: {
          summary: 'Send a message and run a turn',
          requestBody: body(ref('ChatRequest')),
          responses: turnResponses,
        },
      },
      '/conversations/{id}/tool-results': {
        parameters: [idParam],
        post: {
          summary: 'Post the results of client-side tool calls; resumes the turn (on any replica)',
          requestBody: body(ref('ToolResultsRequest')),
          responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
        },
      },
      '/conversations/{id}/approvals': {
        parameters: [idParam],
        get: {
          summary: 'Approval requests',
          parameters: [
            {
              name: 'status',
              in: 'query',
              schema: { enum: ['pending', 'approved', 'denied', 'abandoned', 'all'], default: 'pending' },
            },
          ],
          responses: { '200': json(list({ type: 'object' })), ...standardErrors },
        },
        post: {
          summary: 'Approve or deny a call; resumes the turn (on any replica)',
          requestBody: body(ref('ApprovalRequest')),
          responses: { ...turnResponses, '404': errorResponse('Unknown conversation or unknown call id.') },
        },
      },
      '/servers/{id}/prompts': {
        parameters: [serverParam],
        get: {
          summary: "The server's prompts (through the caller's own connection for OAuth servers)",
          responses: { '200': json(list({ type: 'object' })), ...standardErrors },
        },
      },
      '/servers/{id}/prompts/get': {
        parameters: [serverParam],
        post: {
          summary: 'Get one prompt, filled with its arguments',
          requestBody: body(ref('PromptGetRequest')),
          responses: { ...standardErrors, '200': json({ type: 'object' }) },
        },
      },
      '/servers/{id}/resources': {
        parameters: [serverParam],
        get: {
          summary: "The server's resources and resource templates",
          responses: { '200': json({ type: 'object' }), ...standardErrors },
        },
      },
      '/servers/{id}/resources/read': {
        parameters: [serverParam],
        post: {
          summary: 'Read one resource',
          requestBody: body(ref('ResourceReadRequest')),
          responses: { ...standardErrors, '200': json({ type: 'object' }) },
        },
      },
      '/servers/{id}/complete': {
        parameters: [serverParam],
        post: {
          summary:
            "Suggestions for a prompt's argument or a resource template's variable (MCP `completion/complete`)",
          requestBody: body(ref('CompleteRequest')),
          responses: { ...standardErrors, '200': json({ type: 'object' }) },
        },
      },
      '/conversations/{id}/elicitations/{requestId}': {
        parameters: [idParam, requestIdParam],
        post: {
          summary:
            "Answer a server's form or link (an `elicitation_request` event of the running turn), on any replica",
          requestBody: body(ref('ElicitationAnswer')),
          responses: {
            ...standardErrors,
            '200': json({ type: 'object' }),
            '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
            '400': errorResponse(
              'The content does not fit the form (`invalid_answer`), or the body is invalid.',
            ),
            '404': errorResponse(
              'Unknown conversation, or its turns asked no such request (`unknown_request`).',
            ),
            '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
          },
        },
      },
      '/conversations/{id}/sampling/{requestId}': {
        parameters: [idParam, requestIdParam],
        post: {
          summary:
            "Approve or deny a server's request for a completion by the conversation's model (a `sampling_request` event)",
          requestBody: body(ref('SamplingDecision')),
          responses: {
            ...standardErrors,
            '200': json({ type: 'object' }),
            '202': json({ type: 'object' }, 'Stored for the replica that runs the turn.'),
            '404': errorResponse(
              'Unknown conversation, or its turns asked no such request (`unknown_request`).',
            ),
            '409': errorResponse('The request was answered, timed out or its turn ended (`request_closed`).'),
          },
        },
      },
      '/conversations/{id}/stop': {
        parameters: [idParam],
        post: {
          summary: 'Stop the running turn (on whichever replica runs it)',
          responses: { '200': json({ type: 'object' }), ...standardErrors },
        },
      },
      '/conversations/{id}/stream': {
        parameters: [
          idParam,
          {
            name: 'Last-Event-ID',
            in: 'header',
            schema: { type: 'string' },
            description: 'Resume after this event id.',
          },
          { name: 'after', in: 'query', schema: { type: 'integer' }, description: 'Same as Last-Event-ID.' },
        ],
        get: {
          summary: "Follow the conversation's event stream (resume a dropped stream, on any replica)",
          responses: { '200': sse, ...standardErrors },
        },
      },
      '/conversations/{id}/canvas': {
        parameters: [idParam],
        get: {
          summary: 'The canvas event log (widgets and canvas actions)',
          responses: { '200': json(list({ type: 'object' })), ...standardErrors },
        },
      },
      '/chat/v1/conversation': {
        post: {
          summary: 'Stateless LLM proxy: the tool calls for the client to run, or the final text',
          requestBody: body(ref('StatelessChatRequest')),
          responses: {
            '200': json({ type: 'object' }),
            ...standardErrors,
            '429': errorResponse('Rate limit.'),
            '502': errorResponse('The model failed.'),
          },
        },
      },
      '/servers': {
        get: {
          summary: 'Registered MCP servers with their status',
          responses: { '200': json(list(ref('Server'))), ...standardErrors },
        },
        post: {
          summary: 'Register an MCP server (stdio: administrators only; private URLs: refused for users)',
          requestBody: body(ref('ServerRegistration')),
          responses: {
            '201': json(ref('Server')),
            ...standardErrors,
            '403': errorResponse('Not allowed.'),
            '409': errorResponse('Name taken.'),
          },
        },
      },
      '/servers/{id}': {
        parameters: [serverParam],
        get: { summary: 'A server', responses: { '200': json(ref('Server')), ...standardErrors } },
        delete: {
          summary: 'Unregister a server',
          responses: {
            '200': json({ type: 'object' }),
            ...standardErrors,
            '403': errorResponse('Not allowed.'),
          },
        },
      },
      '/servers/{id}/start': {
        parameters: [serverParam],
        post: {
          summary: 'Start (enable) a server',
          responses: { '200': json(ref('Server')), ...standardErrors },
        },
      },
      '/servers/{id}/stop': {
        parameters: [serverParam],
        post: {
          summary: 'Stop (disable) a server',
          responses: { '200': json(ref('Server')), ...standardErrors },
        },
      },
      '/servers/{id}/tools': {
        parameters: [serverParam],
        get: {
          summary: "A server's tools",
          responses: {
            '200': json(list({ type: 'object' })),
            ...standardErrors,
            '409': errorResponse('Unreachable.'),
          },
        },
      },
      '/servers/{id}/tools/call': {
        parameters: [serverParam],
        post: {
          summary: 'Call a tool directly; the answer includes the widget its result describes',
          description:
            'With `Accept: text/event-stream` the call is streamed, so a form or link the server asks for reaches the ' +
            'caller: CUSTOM `elicitation_request` / `elicitation_resolved` events while it runs (answer at POST ' +
            '/servers/tool-calls/elicitations/{requestId}), then `tool_call_result` with the JSON a plain call answers, ' +
            'or `tool_call_error` `{code, message}`. A plain call refuses what the server asks.',
          requestBody: body(ref('ToolCallRequest')),
          responses: {
            '200': json({ type: 'object' }),
            ...standardErrors,
            '403': errorResponse('Denied by policy.'),
            '409': errorResponse('Unreachable.'),
          },
        },
      },
      '/servers/tool-calls/elicitations/{requestId}': {
        parameters: [requestIdParam],
        post: {
          summary:
            "Answer a server's form or link asked during one of the caller's streamed direct tool calls, on any replica",
          description:
            'The replica running the call takes the answer at once (200); another keeps it for that replica (202 ' +
            '`{success, forwarded: true}`), which checks it against the form: one that does not fit is dropped and ' +
            'the form still waits.',
          requestBody: body(ref('ElicitationAnswer')),
          responses: {
            ...standardErrors,
            '200': json({ type: 'object' }),
            '202': json({ type: 'object' }, 'Kept for the replica running the call.'),
            '400': errorResponse(
              'The content does not fit the form (`invalid_answer`), or the body is invalid.',
            ),
            '404': errorResponse("No call of the caller's asked for that request (`unknown_request`)."),
            '409': errorResponse('The request was answered, timed out or its call ended (`request_closed`).'),
          },
        },
      },
      '/servers/{id}/authorize': {
        parameters: [serverParam],
        post: {
          summary: 'Connect the caller to a server that authorizes with OAuth: the page to send them to',
          description:
            'Starts the MCP authorization flow (PKCE, `resource`) for the caller and this server, bound to both by the ' +
            '`state` parameter (one use, 10 minutes). Open `authorization_url` (popup or redirect); the authorization ' +
            'server sends the person back to GET /oauth/callback, which stores their tokens encrypted.',
          requestBody: { required: false, content: body(ref('AuthorizeRequest')).content },
          responses: {
            '200': json({
              type: 'object',
              required: ['authorization_url'],
              properties: { authorization_url: { type: 'string', format: 'uri' } },
              examples: [{ authorization_url: 'https://auth.example.com/authorize?client_id=…&state=…' }],
            }),
            ...standardErrors,
            '409': errorResponse('The server does not use OAuth.'),
            '502': errorResponse('Discovery or registration at the authorization server failed.'),
            '503': errorResponse('The gateway has no secret key to keep credentials with.'),
          },
        },
      },
      '/servers/{id}/authorization': {
        parameters: [serverParam],
        delete: {
          summary:
            "Disconnect: revoke the caller's grant (RFC 7009, where supported) and forget their tokens",
          responses: {
            '200': json({
              type: 'object',
              properties: { success: { const: true }, revoked: { type: 'boolean' } },
            }),
            ...standardErrors,
            '409': errorResponse('The server does not use OAuth.'),
          },
        },
      },
      '/oauth/callback': {
        get: {
          summary: 'Where the authorization server sends the person back (no API key: bound by `state`)',
          security: [],
          parameters: ['code', 'state', 'iss', 'error', 'error_description'].map((name) => ({
            name,
            in: 'query',
            required: name === 'state',
            schema: { type: 'string' },
          })),
          responses: {
            '200': { description: 'A page saying the server is connected', content: { 'text/html': {} } },
            '303': { description: 'Back to the `return_to` path the authorize call gave' },
            '400': {
              description: 'A page saying why not (unknown or used state, refused)',
              content: { 'text/html': {} },
            },
          },
        },
      },
      '/me': {
        get: { summary: 'The caller', responses: { '200': json({ type: 'object' }), ...standardErrors } },
      },
      '/users': {
        get: {
          summary: 'Users (administrators)',
          responses: { '200': json(list(UserView)), ...standardErrors },
        },
        post: {
          summary: 'Create a user and API key (administrators)',
          description:
            "With `oauth_subjects` (needs the gateway's `mcpAuthorization`), the user also signs in to /mcp with access tokens whose user claim is one of them. The key is in `api_key`, shown only here.",
          requestBody: body(UserCreateSchema),
          responses: {
            '201': json({
              ...UserView,
              properties: { ...UserView.properties, api_key: { type: 'string' } },
            }),
            ...standardErrors,
            '409': errorResponse(
              "An OAuth subject is already another user's (in the database or the configuration).",
            ),
          },
        },
      },
      '/users/{id}': {
        parameters: [userParam],
        get: {
          summary: 'A user and their OAuth subjects (administrators)',
          responses: { '200': json(UserView), ...standardErrors },
        },
        patch: {
          summary: 'Replace the OAuth subjects a user signs in to /mcp as (administrators)',
          description:
            'Takes effect at once on this gateway, within 10 seconds on other replicas. A user listing subjects is no longer reached by a token whose claim is their id.',
          requestBody: body(UserUpdateSchema),
          responses: {
            '200': json(UserView),
            ...standardErrors,
            '409': errorResponse(
              "An OAuth subject is already another user's (in the database or the configuration).",
            ),
          },
        },
      },
      '/policy': {
        get: {
          summary: "The deployment's approval policy",
          responses: { '200': json(ref('ApprovalPolicy')), ...standardErrors },
        },
        put: {
          summary: 'Replace it (administrators)',
          requestBody: body(PolicyUpdateSchema),
          responses: { '200': json(ref('ApprovalPolicy')), ...standardErrors },
        },
      },
      '/usage': {
        get: {
          summary: "The caller's token and tool usage",
          description:
            'Sums over every turn: input tokens billed in full, tokens read from and written to the vendor prompt cache, output tokens, model and tool calls.',
          responses: {
            '200': json({
              type: 'object',
              properties: Object.fromEntries(
                [
                  'turns',
                  'input_tokens',
                  'output_tokens',
                  'cache_read_tokens',
                  'cache_write_tokens',
                  'model_calls',
                  'tool_calls',
                ].map((name) => [name, { type: 'integer' }]),
              ),
            }),
            ...standardErrors,
          },
        },
      },
    },
  };
}
