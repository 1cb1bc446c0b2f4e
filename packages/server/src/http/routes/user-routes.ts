import { stopTurnsOf } from '../../chat/stop-turn.ts';
import type { GatewayServices } from '../../services/gateway-services.ts';
import { OAuthSubjectTaken, oauthSubjectsOf, setOAuthSubjects } from '../../store/user-oauth-subjects.ts';
import {
  activeAdminCount,
  createUser,
  findUserById,
  listUsers,
  type UserRecord,
  updateUser,
} from '../../store/user-store.ts';
import { ApiError } from '../api-error.ts';
import { type AnyApiRoute, apiRoute, named } from '../api-route.ts';
import { requireAdmin } from '../authenticate.ts';
import { errorResponse, json, list, standardErrors, userIdParam } from '../openapi-parts.ts';
import { text } from '../schemas.ts';

/**
 * A user as administrators see them: never a key, whether they are disabled, with the OAuth
 * subjects they sign in to `/mcp` as.
 */
export interface UserView extends UserRecord {
  /** Subjects set through the API (`oauth_subjects` of POST and PATCH /users). */
  oauth_subjects: string[];
  /** Subjects the gateway configuration lists for them (`users[].oauthSubjects`), if any. */
  configured_oauth_subjects?: string[];
}

const OAuthSubjects = {
  type: 'array',
  items: text(500, 1),
  uniqueItems: true,
  maxItems: 50,
  description:
    "The values of the authorization server's user claim (mcpAuthorization.userClaim, default `sub`) that sign in to /mcp as this user.",
} as const;

/** The body of `POST /users`. */
const UserCreate = named('UserCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: text(200, 1), role: { enum: ['user', 'admin'] }, oauth_subjects: OAuthSubjects },
});

/** The body of `PATCH /users/{id}`. */
const UserUpdate = named('UserUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    oauth_subjects: OAuthSubjects,
    role: { enum: ['user', 'admin'] },
    disabled: {
      type: 'boolean',
      description:
        'A disabled user keeps their data, but none of their API keys or access tokens is accepted (on every replica at once) until they are enabled again; their turns still running are stopped.',
    },
  },
});

/** A user, as administrators see them. */
const UserViewSchema = {
  type: 'object',
  required: ['id', 'name', 'role', 'disabled', 'created_at', 'oauth_subjects'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    role: { enum: ['user', 'admin'] },
    disabled: { type: 'boolean', description: 'None of their keys or access tokens is accepted.' },
    created_at: { type: 'string', format: 'date-time' },
    oauth_subjects: { type: 'array', items: { type: 'string' } },
    configured_oauth_subjects: {
      type: 'array',
      items: { type: 'string' },
      description:
        "Subjects the gateway configuration lists (users[].oauthSubjects); PATCH doesn't change them.",
    },
  },
};

/**
 * Users (administrators): list, create with an API key, read, and change one: role, disabled, the
 * OAuth subjects. A change reaches every replica's cache of users at once.
 */
export const userRoutes: AnyApiRoute[] = [
  apiRoute({
    method: 'get',
    path: '/users',
    summary: 'Users (administrators)',
    responses: { '200': json(list(UserViewSchema)), ...standardErrors },
    async handle(c, { services }) {
      requireAdmin(c.get('user'), 'list users');
      return c.json({ items: await views(services, await listUsers(services.db)) });
    },
  }),
  apiRoute({
    method: 'post',
    path: '/users',
    summary: 'Create a user and API key (administrators)',
    description:
      "With `oauth_subjects` (needs the gateway's `mcpAuthorization`), the user also signs in to /mcp with access tokens whose user claim is one of them. The key is in `api_key`, shown only here.",
    body: UserCreate,
    responses: {
      '201': json({
        ...UserViewSchema,
        properties: { ...UserViewSchema.properties, api_key: { type: 'string' } },
      }),
      ...standardErrors,
      '409': errorResponse(
        "An OAuth subject is already another user's (in the database or the configuration).",
      ),
    },
    async handle(c, { services, body }) {
      requireAdmin(c.get('user'), 'create users');
      const input = await body();
      const subjects = input.oauth_subjects ?? [];
      checkSubjects(services, subjects);
      const { user, apiKey } = await services.db.transaction(async (tx) => {
        const created = await createUser(tx, { name: input.name, role: input.role ?? 'user' });
        await claim(() => setOAuthSubjects(tx, created.user.id, subjects));
        return created;
      });
      await services.users.changed();
      const [view] = await views(services, [await existingUser(services, user.id)]);
      return c.json({ ...view, api_key: apiKey }, 201);
    },
  }),
  apiRoute({
    method: 'get',
    path: '/users/{id}',
    summary: 'A user and their OAuth subjects (administrators)',
    parameters: [userIdParam],
    responses: { '200': json(UserViewSchema), ...standardErrors },
    async handle(c, { services }) {
      requireAdmin(c.get('user'), 'read users');
      const [view] = await views(services, [await existingUser(services, c.req.param('id') as string)]);
      return c.json(view);
    },
  }),
  apiRoute({
    method: 'patch',
    path: '/users/{id}',
    summary: "Change a user's role, disable or enable them, or replace their OAuth subjects (administrators)",
    description:
      'Takes effect at once on every replica (within 10 seconds should a replica miss the notice). A disabled user keeps their data; none of their API keys or access tokens is accepted until they are enabled, and their turns still running are stopped. ' +
      "A configured user's role follows the configuration again at the gateway's next start. A user listing subjects is no longer reached by a token whose claim is their id.",
    parameters: [userIdParam],
    body: UserUpdate,
    responses: {
      '200': json(UserViewSchema),
      ...standardErrors,
      '409': errorResponse(
        "An OAuth subject is already another user's (in the database or the configuration); or `last_admin`: the change would leave no administrator who can sign in.",
      ),
    },
    async handle(c, { services, body }) {
      requireAdmin(c.get('user'), 'change users');
      const user = await existingUser(services, c.req.param('id') as string);
      const input = await body();
      const subjects = input.oauth_subjects;
      if (subjects) checkSubjects(services, subjects, user.id);
      await services.db.transaction(async (tx) => {
        if (subjects) await claim(() => setOAuthSubjects(tx, user.id, subjects));
        await updateUser(tx, user.id, { role: input.role, disabled: input.disabled });
        if ((await activeAdminCount(tx)) === 0)
          throw new ApiError(
            409,
            'last_admin',
            'this change would leave no administrator who can sign in: make another user an administrator first',
          );
      });
      await services.users.changed();
      // Refused from now on, a disabled user's turns still running stop too (on every replica).
      if (input.disabled) await stopTurnsOf(services, user.id);
      const [view] = await views(services, [await existingUser(services, user.id)]);
      return c.json(view);
    },
  }),
];

/** The users as administrators see them, with their OAuth subjects. */
async function views(services: GatewayServices, users: UserRecord[]): Promise<UserView[]> {
  const subjects = await oauthSubjectsOf(
    services.db,
    users.map((user) => user.id),
  );
  return users.map((user) => {
    const configured = services.accessTokens?.configuredSubjectsOf(user.id) ?? [];
    return {
      ...user,
      oauth_subjects: subjects.get(user.id) ?? [],
      ...(configured.length > 0 ? { configured_oauth_subjects: configured } : {}),
    };
  });
}

async function existingUser(services: GatewayServices, id: string): Promise<UserRecord> {
  const user = await findUserById(services.db, id);
  if (!user) throw new ApiError(404, 'user_not_found', `user ${JSON.stringify(id)} not found`);
  return user;
}

/**
 * Refuses subjects the gateway cannot honour: any without an authorization server configured
 * (400), and one the configuration gives another user (409), as the configuration refuses both.
 */
function checkSubjects(services: GatewayServices, subjects: readonly string[], userId?: string): void {
  if (subjects.length === 0) return;
  if (!services.accessTokens)
    throw new ApiError(
      400,
      'oauth_not_configured',
      'oauth_subjects need an authorization server: set "mcpAuthorization" in the gateway configuration',
    );
  for (const subject of subjects) {
    const owner = services.accessTokens.configuredUserOf(subject);
    if (owner !== undefined && owner !== userId)
      throw new ApiError(
        409,
        'oauth_subject_taken',
        `the OAuth subject "${subject}" belongs to the configured user "${owner}" (users[].oauthSubjects in the gateway configuration)`,
        { details: { subject, owner } },
      );
  }
}

/** Runs a write of subjects, turning a subject another user lists into a 409 naming both. */
async function claim(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof OAuthSubjectTaken)) throw error;
    throw new ApiError(409, 'oauth_subject_taken', `${error.message}: remove it there first`, {
      details: { subject: error.subject, owner: error.owner },
    });
  }
}
