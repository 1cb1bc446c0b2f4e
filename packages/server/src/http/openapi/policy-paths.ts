import { PolicyPreviewSchema } from '../admin-schemas.ts';
import { body, errorResponse, json, ref, standardErrors } from '../openapi-parts.ts';
import { ApprovalPolicySchema, PolicyUpdateSchema } from '../schemas.ts';

/** The component schema of the deployment's approval policy. */
export const policySchemas = { ApprovalPolicy: ApprovalPolicySchema };

/** Read and replace the deployment's approval policy, and preview what it decides. */
export const policyPaths = {
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
  '/policy/preview': {
    post: {
      summary: 'What a tool would get under the policy (administrators)',
      description:
        "The decision the gateway's call gate makes for that server's tool with those annotations, under the policy in force or a draft `policy`: the same function decides both. A conversation's own policy may still tighten it.",
      requestBody: body(PolicyPreviewSchema),
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
    },
  },
};
