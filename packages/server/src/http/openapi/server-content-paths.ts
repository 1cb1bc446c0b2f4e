import { body, json, list, ref, serverIdParam, standardErrors } from '../openapi-parts.ts';
import { CompleteRequestSchema, PromptGetRequestSchema, ResourceReadRequestSchema } from '../schemas.ts';

/** The component schemas of a server's prompts, resources and completions. */
export const serverContentSchemas = {
  PromptGetRequest: PromptGetRequestSchema,
  ResourceReadRequest: ResourceReadRequestSchema,
  CompleteRequest: CompleteRequestSchema,
};

/** A server's prompts and resources, and completions of their arguments. */
export const serverContentPaths = {
  '/servers/{id}/prompts': {
    parameters: [serverIdParam],
    get: {
      summary: "The server's prompts (through the caller's own connection for OAuth servers)",
      responses: { '200': json(list({ type: 'object' })), ...standardErrors },
    },
  },
  '/servers/{id}/prompts/get': {
    parameters: [serverIdParam],
    post: {
      summary: 'Get one prompt, filled with its arguments',
      requestBody: body(ref('PromptGetRequest')),
      responses: { ...standardErrors, '200': json({ type: 'object' }) },
    },
  },
  '/servers/{id}/resources': {
    parameters: [serverIdParam],
    get: {
      summary: "The server's resources and resource templates",
      responses: { '200': json({ type: 'object' }), ...standardErrors },
    },
  },
  '/servers/{id}/resources/read': {
    parameters: [serverIdParam],
    post: {
      summary: 'Read one resource',
      requestBody: body(ref('ResourceReadRequest')),
      responses: { ...standardErrors, '200': json({ type: 'object' }) },
    },
  },
  '/servers/{id}/complete': {
    parameters: [serverIdParam],
    post: {
      summary:
        "Suggestions for a prompt's argument or a resource template's variable (MCP `completion/complete`)",
      requestBody: body(ref('CompleteRequest')),
      responses: { ...standardErrors, '200': json({ type: 'object' }) },
    },
  },
};
