/** A conversation as the person's list shows it (an item of `GET /conversations`). */
export interface ConversationSummary {
  id: string;
  /** What the gateway titled it (its first message), empty before the first message. */
  title: string;
  /** The id of the operator's model it uses, or null for the default. */
  model: string | null;
  /** When it last changed (ISO 8601); the list is ordered by it, newest first. */
  updatedAt: string;
}

/** One page of the person's conversations. */
export interface ConversationListPage {
  items: ConversationSummary[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** The price of a model per million tokens, as the operator configured it. */
export interface ModelPrice {
  input: number;
  output: number;
  currency: string;
}

/** A model of the operator's list (`GET /models`): picked by id, never by address. */
export interface ModelChoice {
  id: string;
  label: string;
  /** Who answers: `anthropic`, `openai`, `openai-compatible`, `offline` (the offline planner, no language model)… */
  vendor: string;
  /** The model a conversation without a model of its own uses. */
  default: boolean;
  price?: ModelPrice;
}

/** Gateway mode: the person's conversations and the operator's models. */
export interface ConversationLibrary {
  /** A page of the person's conversations, newest first; `query` keeps those whose title or messages contain it. */
  list(options?: { query?: string; cursor?: string | null; limit?: number }): Promise<ConversationListPage>;
  /** Gives a conversation a new title. */
  rename(id: string, title: string): Promise<ConversationSummary>;
  /** Deletes a conversation with its messages, canvas and stored events. */
  remove(id: string): Promise<void>;
  /** The operator's models. */
  models(): Promise<ModelChoice[]>;
  /** Has a conversation answered by one of the operator's models (by id; the gateway refuses others). */
  chooseModel(id: string, modelId: string): Promise<ConversationSummary>;
}

/** Calls the gateway's API and reads its JSON answer; throws with the gateway's words on an error status. */
type GatewayJson = <T>(path: string, init?: RequestInit) => Promise<T>;

/** A conversation as the gateway answers it (the fields the list reads). */
interface ConversationReply {
  id: string;
  title: string;
  model: string | null;
  updated_at: string;
}

/** Conversations listed in a page. */
const PAGE_SIZE = 20;

/**
 * The gateway's routes for the person's conversations and the operator's models:
 * `GET /conversations` (`limit`, `cursor`, `q`), `PATCH` and `DELETE /conversations/{id}`, `GET /models`.
 */
export function conversationLibrary(json: GatewayJson): ConversationLibrary {
  const conversation = (id: string) => `/conversations/${encodeURIComponent(id)}`;
  const patch = async (id: string, body: Record<string, unknown>) =>
    summary(await json<ConversationReply>(conversation(id), { method: 'PATCH', body: JSON.stringify(body) }));
  return {
    async list({ query, cursor, limit = PAGE_SIZE } = {}) {
      const params = new URLSearchParams({ limit: String(limit) });
      if (query?.trim()) params.set('q', query.trim());
      if (cursor) params.set('cursor', cursor);
      const page = await json<{ items: ConversationReply[]; next_cursor: string | null }>(
        `/conversations?${params}`,
      );
      return { items: page.items.map(summary), nextCursor: page.next_cursor ?? null };
    },
    rename: (id, title) => patch(id, { title }),
    async remove(id) {
      await json(conversation(id), { method: 'DELETE' });
    },
    async models() {
      const { items } = await json<{ items: ModelChoice[] }>('/models');
      return items.map(({ id, label, vendor, default: isDefault, price }) => ({
        id,
        label,
        vendor,
        default: isDefault,
        ...(price ? { price } : {}),
      }));
    },
    chooseModel: (id, modelId) => patch(id, { model: modelId }),
  };
}

function summary(reply: ConversationReply): ConversationSummary {
  return { id: reply.id, title: reply.title, model: reply.model ?? null, updatedAt: reply.updated_at };
}
