import { Hono } from 'hono';
import type { User } from '../../auth/user.ts';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
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
import { requireAdmin } from '../authenticate.ts';
import { readBody } from '../read-body.ts';
import { UserCreateSchema, UserUpdateSchema } from '../schemas.ts';

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

/**
 * Users (administrators): list, create with an API key, read, and change one: role, disabled, the
 * OAuth subjects. A change reaches every replica's cache of users at once.
 */
export function userRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  const views = async (users: UserRecord[]): Promise<UserView[]> => {
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
  };

  app.get('/users', async (c) => {
    requireAdmin(c.get('user'), 'list users');
    return c.json({ items: await views(await listUsers(services.db)) });
  });

  app.post('/users', async (c) => {
    requireAdmin(c.get('user'), 'create users');
    const input = await readBody<{ name: string; role?: User['role']; oauth_subjects?: string[] }>(
      c,
      UserCreateSchema,
      services,
    );
    const subjects = input.oauth_subjects ?? [];
    checkSubjects(services, subjects);
    const { user, apiKey } = await services.db.transaction(async (tx) => {
      const created = await createUser(tx, { name: input.name, role: input.role ?? 'user' });
      await claim(() => setOAuthSubjects(tx, created.user.id, subjects));
      return created;
    });
    await services.users.changed();
    const [view] = await views([await existingUser(services, user.id)]);
    return c.json({ ...view, api_key: apiKey }, 201);
  });

  app.get('/users/:id', async (c) => {
    requireAdmin(c.get('user'), 'read users');
    const [view] = await views([await existingUser(services, c.req.param('id'))]);
    return c.json(view);
  });

  app.patch('/users/:id', async (c) => {
    requireAdmin(c.get('user'), 'change users');
    const user = await existingUser(services, c.req.param('id'));
    const input = await readBody<{ oauth_subjects?: string[]; role?: User['role']; disabled?: boolean }>(
      c,
      UserUpdateSchema,
      services,
    );
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
    const [view] = await views([await existingUser(services, user.id)]);
    return c.json(view);
  });

  return app;
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
