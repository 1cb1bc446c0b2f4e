import { Hono } from 'hono';
import type { GatewayEnv, GatewayServices } from '../../services/gateway-services.ts';
import {
  type ConversationInput,
  createConversation,
  deleteConversation,
  getConversation,
  listConversations,
  updateConversation,
} from '../../store/conversation-store.ts';
import { ApiError, conversationNotFound } from '../api-error.ts';
import { readBody } from '../read-body.ts';
import { ConversationInputSchema } from '../schemas.ts';

/** Conversations: create, list (paginated, searchable), read, update, delete. */
export function conversationRoutes(services: GatewayServices): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  // Only an id of the operator's models (or null): anything else is refused here, before it is stored.
  const checkModel = (input: ConversationInput) => services.models.resolve(input.model);

  app.post('/', async (c) => {
    const input = await readBody<ConversationInput>(c, ConversationInputSchema, services);
    checkModel(input);
    return c.json(await createConversation(services.db, c.get('user').id, input), 201);
  });

  app.get('/', async (c) => {
    const limit = Number(c.req.query('limit') ?? 20);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw new ApiError(400, 'invalid_request', 'limit must be an integer from 1 to 100');
    }
    const page = await listConversations(services.db, c.get('user').id, {
      limit,
      cursor: c.req.query('cursor') || undefined,
      query: c.req.query('q')?.trim() || undefined,
    });
    return c.json(page);
  });

  app.get('/:id', async (c) => {
    const conversation = await getConversation(services.db, c.get('user').id, c.req.param('id'));
    if (!conversation) throw conversationNotFound(c.req.param('id'));
    return c.json(conversation);
  });

  app.patch('/:id', async (c) => {
    const input = await readBody<ConversationInput>(c, ConversationInputSchema, services);
    checkModel(input);
    const conversation = await updateConversation(services.db, c.get('user').id, c.req.param('id'), input);
    if (!conversation) throw conversationNotFound(c.req.param('id'));
    return c.json(conversation);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    const outcome = await deleteConversation(services.db, c.get('user').id, id);
    if (outcome === 'missing') throw conversationNotFound(id);
    if (outcome === 'busy')
      throw new ApiError(409, 'conversation_busy', 'a turn is running in this conversation; stop it first');
    return c.json({ success: true });
  });

  return app;
}
