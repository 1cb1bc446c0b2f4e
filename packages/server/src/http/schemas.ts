import { named } from './api-route.ts';

/**
 * The JSON Schemas of the API's bodies: request bodies are validated against them and the OpenAPI
 * document is built from them, so the two cannot drift apart.
 */

/** A string of `minLength` to `maxLength` characters. */
export const text = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
/** `schema`, or null. */
export const nullable = <const S>(schema: S) => ({ anyOf: [schema, { type: 'null' }] }) as const;

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

export const EnabledToolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['server_id', 'tool_name'],
  properties: {
    server_id: text(100, 1),
    tool_name: { ...text(200, 1), description: 'A tool of the server, or `*` for all of them.' },
  },
} as const;

export const ConversationLimitsSchema = {
  type: 'object',
  additionalProperties: false,
  description: "Lower the deployment's limits for this conversation (they cannot raise them).",
  properties: {
    tool_turns_per_request: { type: 'integer', minimum: 1, maximum: 10_000 },
    tool_turns_per_session: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
} as const;

/** A model by the id the operator gave it (`GET /models`), or null for the default. */
const ModelChoiceSchema = {
  ...nullable(text(300, 1)),
  description:
    "The id of one of the operator's models (`GET /models`); null: the gateway's default. Anything else, " +
    'such as a vendor spec or URL, is refused with 400 `unknown_model`.',
} as const;

export const ConversationInputSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: text(500),
    system_prompt: text(100_000),
    context: { description: 'Anything the model should know (JSON); added to the system prompt.' },
    model: ModelChoiceSchema,
    enabled_tools: {
      type: 'array',
      maxItems: 1000,
      items: EnabledToolSchema,
      description:
        'When non-empty, only these tools are offered; empty: every running server, through discovery.',
    },
    limits: ConversationLimitsSchema,
    approval_policy: nullable(ApprovalPolicySchema),
  },
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

/** A person's decision on a server's request for a completion by the conversation's model (MCP sampling). */
export const SamplingDecisionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'deny'] } },
} as const;

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

export const StatelessChatRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['messages'],
  properties: {
    messages: { type: 'array', minItems: 1, maxItems: 2000, items: MessageInputSchema },
    tools: {
      type: 'array',
      maxItems: 200,
      items: ClientToolSchema,
      description: 'The tools the client executes.',
    },
    systemPrompt: text(100_000),
    context: { description: 'Anything the model should know (JSON).' },
    model: ModelChoiceSchema,
  },
} as const;

export const EnableToolRequestSchema = EnabledToolSchema;

export const ServerRegistrationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  description:
    'Exactly one of `url` (Streamable HTTP, with SSE fallback) or `command` (stdio; administrators only).',
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9][a-zA-Z0-9_-]{0,47}$' },
    description: text(2000),
    url: text(2000, 1),
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    command: text(1000, 1),
    args: { type: 'array', maxItems: 100, items: text(4000) },
    env: { type: 'object', additionalProperties: { type: 'string' } },
    cwd: text(1000, 1),
    roots: {
      type: 'array',
      maxItems: 50,
      description: 'What the server may work in (MCP roots), answered to its `roots/list`.',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['uri'],
        properties: { uri: text(2000, 1), name: text(200) },
      },
    },
    oauth: {
      type: 'object',
      additionalProperties: false,
      description:
        'The server authorizes each user with OAuth (MCP authorization): each user connects it once (POST /servers/{id}/authorize). Without client_id the gateway registers a client itself.',
      properties: {
        client_id: text(500, 1),
        client_secret: text(2000, 1),
        scopes: { type: 'array', maxItems: 50, items: text(200, 1) },
      },
    },
  },
} as const;

export const ServerUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['shared'],
  properties: {
    shared: {
      type: 'boolean',
      description:
        "Share a user's server with every user (its tools then reach everyone's models), or stop sharing it.",
    },
  },
} as const;

export const AuthorizeRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    return_to: {
      ...text(2000, 1),
      description:
        'A path on the gateway (e.g. the conversation) to send the person back to after connecting.',
    },
    bind: {
      enum: ['browser', 'link'],
      description:
        'Which browser may finish the flow: `browser` (default), the one asking, by a cookie set on this answer; `link`, for a client that is not a browser (the CLI): `authorization_url` is then a one-use gateway link that binds the browser opening it first.',
    },
  },
} as const;

export const ToolCallRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), arguments: { type: 'object' } },
} as const;

/** Gets one of a server's prompts, filled with its arguments. */
export const PromptGetRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text(200, 1),
    arguments: { type: 'object', maxProperties: 50, additionalProperties: text(10_000) },
  },
} as const;

/** Reads one of a server's resources. */
export const ResourceReadRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['uri'],
  properties: { uri: text(2000, 1) },
} as const;

/** Asks a server to complete an argument of a prompt or a variable of a resource template (MCP `completion/complete`). */
export const CompleteRequestSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['ref', 'argument'],
  properties: {
    ref: {
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'uri'],
          properties: { type: { const: 'ref/resource' }, uri: text(2000, 1) },
        },
        {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'name'],
          properties: { type: { const: 'ref/prompt' }, name: text(200, 1) },
        },
      ],
    },
    argument: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'value'],
      properties: { name: text(200, 1), value: text(2000) },
    },
    context: {
      type: 'object',
      additionalProperties: false,
      properties: {
        arguments: { type: 'object', maxProperties: 50, additionalProperties: text(2000) },
      },
    },
  },
} as const;

const OAuthSubjects = {
  type: 'array',
  items: text(500, 1),
  uniqueItems: true,
  maxItems: 50,
  description:
    "The values of the authorization server's user claim (mcpAuthorization.userClaim, default `sub`) that sign in to /mcp as this user.",
} as const;

export const UserCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), role: { enum: ['user', 'admin'] }, oauth_subjects: OAuthSubjects },
} as const;

export const UserUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    oauth_subjects: OAuthSubjects,
    role: { enum: ['user', 'admin'] },
    disabled: {
      type: 'boolean',
      description:
        'A disabled user keeps their data, but none of their API keys or access tokens is accepted (on every replica at once) until they are enabled again.',
    },
  },
} as const;

export const PolicyUpdateSchema = ApprovalPolicySchema;

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
