import { ApprovalPolicySchema, PolicyUpdateSchema } from '../schemas.ts';
import { body, json, ref, standardErrors } from './openapi-parts.ts';

/** The component schema of the deployment's approval policy. */
export const policySchemas = { ApprovalPolicy: ApprovalPolicySchema };

/** Read and replace the deployment's approval policy. */
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
};
