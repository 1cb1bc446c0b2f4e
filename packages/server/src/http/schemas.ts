import type { JsonSchema } from '@switchboard/core';

/**
 * The JSON Schemas of the API's bodies: request bodies are validated against them and the OpenAPI
 * document is built from them, so the two cannot drift apart.
 */

const text = (maxLength: number, minLength = 0): JsonSchema => ({ type: 'string', minLength, maxLength });
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

export const ApprovalPolicySchema: JsonSchema = {
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
};

export const EnabledToolSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['server_id', 'tool_name'],
  properties: {
    server_id: text(100, 1),
    tool_name: { ...text(200, 1), description: 'A tool of the server, or `*` for all of them.' },
  },
};

export const ConversationLimitsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: "Lower the deployment's limits for this conversation (they cannot raise them).",
  properties: {
    tool_turns_per_request: { type: 'integer', minimum: 1, maximum: 10_000 },
    tool_turns_per_session: { type: 'integer', minimum: 1, maximum: 100_000 },
  },
};

/** A model by the id the operator gave it (`GET /models`), or null for the default. */
const ModelChoiceSchema: JsonSchema = {
  ...nullable(text(300, 1)),
  description:
    "The id of one of the operator's models (`GET /models`); null: the gateway's default. Anything else, " +
    'such as a vendor spec or URL, is refused with 400 `unknown_model`.',
};

export const ConversationInputSchema: JsonSchema = {
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
};

export const ClientToolSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'input_schema'],
  properties: {
    name: { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' },
    description: text(10_000),
    input_schema: { type: 'object', description: 'JSON Schema of the arguments.' },
    annotations: { type: 'object' },
  },
};

export const ChatRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: text(200_000, 1),
    client_tools: {
      type: 'array',
      maxItems: 200,
      items: ClientToolSchema,
      description: 'Tools the client executes itself (named `client_webmcp_<name>` for the model).',
    },
  },
};

export const ToolResultsRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['results'],
  properties: {
    results: {
      type: 'array',
      minItems: 1,
      maxItems: 200,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['call_id', 'content'],
        properties: {
          call_id: text(200, 1),
          content: { description: 'The result: text, or any JSON value (sent to the model as JSON).' },
          is_error: { type: 'boolean' },
        },
      },
    },
  },
};

export const ApprovalRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['call_id', 'decision'],
  properties: {
    call_id: text(200, 1),
    decision: { enum: ['approve', 'deny'] },
    remember: {
      type: 'boolean',
      description: 'Also add an allow/deny rule for this tool to the conversation policy.',
    },
  },
};

/** A person's answer to a server's form or link (MCP elicitation). */
export const ElicitationAnswerSchema: JsonSchema = {
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
};

/** A person's decision on a server's request for a completion by the conversation's model (MCP sampling). */
export const SamplingDecisionSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: { decision: { enum: ['approve', 'deny'] } },
};

const ToolCallSchema: JsonSchema = {
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
};

export const MessageInputSchema: JsonSchema = {
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
};

export const StatelessChatRequestSchema: JsonSchema = {
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
};

export const EnableToolRequestSchema = EnabledToolSchema;

export const ServerRegistrationSchema: JsonSchema = {
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
};

export const ServerUpdateSchema: JsonSchema = {
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
};

export const AuthorizeRequestSchema: JsonSchema = {
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
};

export const ToolCallRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), arguments: { type: 'object' } },
};

/** Gets one of a server's prompts, filled with its arguments. */
export const PromptGetRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: text(200, 1),
    arguments: { type: 'object', maxProperties: 50, additionalProperties: text(10_000) },
  },
};

/** Reads one of a server's resources. */
export const ResourceReadRequestSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['uri'],
  properties: { uri: text(2000, 1) },
};

/** Asks a server to complete an argument of a prompt or a variable of a resource template (MCP `completion/complete`). */
export const CompleteRequestSchema: JsonSchema = {
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
};

const OAuthSubjects: JsonSchema = {
  type: 'array',
  items: text(500, 1),
  uniqueItems: true,
  maxItems: 50,
  description:
    "The values of the authorization server's user claim (mcpAuthorization.userClaim, default `sub`) that sign in to /mcp as this user.",
};

export const UserCreateSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), role: { enum: ['user', 'admin'] }, oauth_subjects: OAuthSubjects },
};

export const UserUpdateSchema: JsonSchema = {
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
};

export const PolicyUpdateSchema = ApprovalPolicySchema;
