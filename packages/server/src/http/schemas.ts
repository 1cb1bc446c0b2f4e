import { named } from './api-route.ts';

/**
 * The JSON Schemas several routes share (a route's own live in its file, see `api-route.ts`): what
 * request bodies are validated against and the OpenAPI document is built from, so the two cannot
 * drift apart. A schema that is validated stays plain JSON Schema inside; the `named` ones are
 * published once under `components.schemas`.
 */

/** A string of `minLength` to `maxLength` characters. */
export const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
/** `schema`, or null. */
export const nullable = <const S>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;
/** A day (`2026-11-28`) or an instant (`2026-11-28T09:30:00Z`), as query parameters take them. */
export const instant = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2}))?$',
} as const;

export const ApprovalPolicySchema = {
  type: 'object',
  description:
    "Rules are tried in order (first match wins), then the annotation defaults, then defaultAction (default allow). A conversation's policy is decided apart from the deployment's and the stricter answer wins (deny > ask > allow): it can only tighten the deployment's policy, never loosen it.",
  additionalProperties: false,
  properties: {
    rules: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['match', 'action'],
        properties: {
          match: {
            ...text(200, 1),
            description:
              '`server:tool` glob: `*` matches any run of characters (e.g. `shop:*`, `*:delete_*`), case is ignored, every other character is literal.',
          },
          action: { enum: ['allow', 'ask', 'deny'] },
        },
      },
    },
    readOnly: {
      enum: ['allow', 'ask', 'deny'],
      description: 'For tools annotated readOnlyHint when no rule matched.',
    },
    destructive: {
      enum: ['allow', 'ask', 'deny'],
      description: 'For tools annotated destructiveHint when no rule matched.',
    },
    defaultAction: { enum: ['allow', 'ask', 'deny'] },
  },
} as const;
export const ApprovalPolicy = named('ApprovalPolicy', ApprovalPolicySchema);

export const EnabledToolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['server_id', 'tool_name'],
  properties: {
    server_id: text(100, 1),
    tool_name: { ...text(200, 1), description: 'A tool of the server, or `*` for all of them.' },
  },
} as const;
/** A tool a conversation has enabled (the body of `POST /conversations/{id}/tools`). */
export const EnabledTool = named('EnabledTool', EnabledToolSchema);

/** A model by the id the operator gave it (`GET /models`), or null for the default. */
export const ModelChoiceSchema = {
  ...nullable(text(300, 1)),
  description:
    "The id of one of the operator's models (`GET /models`); null: the gateway's default. Anything else, " +
    'such as a vendor spec or URL, is refused with 400 `unknown_model`.',
} as const;

export const ClientToolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'input_schema'],
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
    description: text(10_000),
    input_schema: { type: 'object', description: 'JSON Schema of the arguments.' },
    annotations: { type: 'object' },
  },
} as const;

/** A person's answer to a server's form or link (MCP elicitation). */
export const ElicitationAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    action: { enum: ['accept', 'decline', 'cancel'] },
    content: {
      type: 'object',
      description: "The form's fields (accept in form mode); checked against the form the server sent.",
      additionalProperties: {
        anyOf: [
          { type: 'string', maxLength: 10_000 },
          { type: 'number' },
          { type: 'boolean' },
          { type: 'array', items: { type: 'string', maxLength: 10_000 }, maxItems: 100 },
        ],
      },
      maxProperties: 100,
    },
  },
} as const;
export const ElicitationAnswer = named('ElicitationAnswer', ElicitationAnswerSchema);

const ToolCallSchema = {
  type: 'object',
  required: ['id', 'type', 'function'],
  properties: {
    id: text(200, 1),
    type: { const: 'function' },
    function: {
      type: 'object',
      required: ['name', 'arguments'],
      properties: { name: text(200, 1), arguments: { type: 'string', description: 'JSON text.' } },
    },
  },
} as const;

export const MessageInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['role'],
  properties: {
    role: { enum: ['user', 'assistant', 'system', 'tool'] },
    content: nullable(text(200_000)),
    tool_calls: { type: 'array', maxItems: 200, items: ToolCallSchema },
    tool_call_id: text(200, 1),
    name: text(200, 1),
    is_error: { type: 'boolean' },
  },
} as const;

/** A stored message, as the API shows it. */
export const Message = named('Message', {
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
    unanswered: {
      enum: ['interrupted', 'failed', 'not_saved'],
      description:
        'A user message its turn never answered: the gateway stopped mid-turn (`interrupted`), the turn failed ' +
        'before anything ran (`failed`: the model does not see it again; send it again to retry), or its answer ' +
        'could not be saved (`not_saved`). The model gets an interrupted or unsaved message followed by a note ' +
        'saying so; the newest message is the one answered.',
    },
    usage: {
      type: 'object',
      description:
        "On the last assistant message of a turn: the tokens the turn's model calls used and, where the " +
        'operator priced its model, their cost (`price` of `GET /models`, per million tokens).',
      required: ['input_tokens', 'output_tokens'],
      properties: {
        input_tokens: { type: 'integer' },
        output_tokens: { type: 'integer' },
        cost: {
          type: 'object',
          required: ['amount', 'currency'],
          properties: { amount: { type: 'number' }, currency: { type: 'string' } },
        },
      },
    },
  },
});

/** A tool call the turn waits on: a client-side tool to run or a call to approve. */
export const PendingCall = named('PendingCall', {
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
});

/** A registered MCP server, as the API shows it (secrets masked). */
export const Server = named('Server', {
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
        'http {url, headers (masked), oauth {client_id, client_secret (masked), scopes}}, stdio {command, args, env (masked)} or builtin {name}. ' +
        "Stdio arguments, the working directory and a URL's query values are masked too for those who do not manage the server.",
    },
    enabled: { type: 'boolean' },
    shared: { type: 'boolean', description: "A user's server an administrator shared with every user." },
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
});
