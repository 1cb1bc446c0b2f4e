import { approvalOf } from '../../calls/call-gate.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { errorResponse, json, standardErrors } from '../openapi-parts.ts';
import { ApprovalPolicy, ApprovalPolicySchema, text } from '../schemas.ts';

/** The body of `POST /policy/preview`. */
const PolicyPreview = named('PolicyPreview', {
  type: 'object',
  additionalProperties: false,
  required: ['server', 'tool'],
  properties: {
    server: {
      ...text(200, 1),
      description: "The server's registered name (rules match its sanitized form).",
    },
    tool: { ...text(200, 1), description: "The server's real tool name." },
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
});

/** The caller, the deployment's approval policy and its preview (what a tool would get). */
export const accountRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/me',
    summary: 'The caller',
    responses: {
      '200': json({
        type: 'object',
        required: ['id', 'name', 'role'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          role: { enum: ['user', 'admin'] },
          open_access: {
            const: true,
            description:
              'The gateway has no users (open access on loopback): the caller is its local administrator, and users and keys created now sign in once it runs with users.',
          },
        },
      }),
      ...standardErrors,
    },
    // An open gateway's caller is its local administrator: `open_access` says so (users and keys made
    // meanwhile take effect once the gateway runs with users).
    handle: (c, { services }) =>
      c.json({ ...c.get('user'), ...(services.openAccess ? { open_access: true } : {}) }),
  }),
  apiRoute({
    method: 'get',
    path: '/policy',
    summary: "The deployment's approval policy",
    responses: { '200': json(ApprovalPolicy), ...standardErrors },
    handle: async (c, { services }) => c.json((await services.settings.approvalPolicy()) ?? {}),
  }),
  apiRoute({
    method: 'put',
    path: '/policy',
    summary: 'Replace it (administrators)',
    body: ApprovalPolicy,
    responses: { '200': json(ApprovalPolicy), ...standardErrors },
    async handle(c, { services, body }) {
      requireAdmin(c.get('user'), "change the deployment's approval policy");
      const policy = await body();
      await services.settings.setApprovalPolicy(policy);
      return c.json(policy);
    },
  }),
  apiRoute({
    method: 'post',
    path: '/policy/preview',
    summary: 'What a tool would get under the policy (administrators)',
    description:
      "The decision the gateway's call gate makes for that server's tool with those annotations, under the policy in force or a draft `policy`: the same function decides both. A conversation's own policy may still tighten it.",
    body: PolicyPreview,
    responses: {
      '200': json({
        type: 'object',
        required: ['action', 'subject'],
        properties: {
          action: { enum: ['allow', 'ask', 'deny'] },
          subject: { type: 'string', description: 'The `server:tool` the rules were matched against.' },
        },
      }),
      ...standardErrors,
      '403': errorResponse('The caller is not an administrator.'),
    },
    async handle(c, { services, body }) {
      requireAdmin(c.get('user'), 'preview the approval policy');
      const input = await body();
      const policy = input.policy ?? (await services.settings.approvalPolicy());
      return c.json(approvalOf(policy, input.server, { name: input.tool, annotations: input.annotations }));
    },
  }),
];
