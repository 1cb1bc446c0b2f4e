/** One schema change, applied once, in order, inside a transaction. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * The gateway's schema, for PGlite and PostgreSQL alike. Never edit an applied migration: add one.
 *
 * Messages, stream chunks and usage, written by every turn, carry no foreign keys: their checks were
 * about half of what the database spent on a turn. Every write to them goes through the conversation's
 * row, locked in the same statement, and deleting a conversation deletes its messages and stream
 * (`deleteConversation`); usage records keep the id of a deleted conversation. The other
 * conversation-owned tables cascade on the conversation's deletion.
 *
 * A conversation's stream is kept in chunks: each write (the acknowledgement, a flush, the commit)
 * stores its consecutive events as one row, since a row per event made every turn write about twenty.
 *
 * Messages have one index, `(conversation_id, seq)`: every lookup names the conversation, and message
 * ids are random (122 bits), so a second and third index only cost each insert. A conversation's
 * `session_version` grows with every write of its session (gateways cache sessions by it) and its
 * `tool_turns` repeats the session's count, so starting a turn reads neither from the session. The
 * session, like stream chunks, is stored as text: only the gateway reads it, and having PostgreSQL
 * parse it at every commit cost more than the rest of the row. The lease is taken without touching an indexed
 * column, with room left on the page (fillfactor) for PostgreSQL to update the row in place.
 */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
CREATE TABLE users (
  id text PRIMARY KEY,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('user', 'admin')),
  api_key_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE conversations (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  system_prompt text NOT NULL DEFAULT '',
  context jsonb,
  model text,
  enabled_tools jsonb NOT NULL DEFAULT '[]',
  limits jsonb NOT NULL DEFAULT '{}',
  approval_policy jsonb,
  client_tools jsonb NOT NULL DEFAULT '[]',
  session jsonb NOT NULL,
  session_message_seq bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'idle'
    CHECK (status IN ('idle', 'running', 'awaiting_client_tool', 'awaiting_approval')),
  pending jsonb NOT NULL DEFAULT '[]',
  run_id text,
  lease_owner text,
  lease_expires_at timestamptz,
  stop_requested boolean NOT NULL DEFAULT false,
  event_seq bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX conversations_by_user ON conversations (user_id, updated_at DESC, id DESC);

CREATE TABLE messages (
  seq bigserial PRIMARY KEY,
  id text NOT NULL UNIQUE,
  conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'tool')),
  content text,
  tool_calls jsonb,
  tool_call_id text,
  name text,
  is_error boolean NOT NULL DEFAULT false,
  run_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX messages_by_conversation ON messages (conversation_id, seq);

CREATE TABLE stream_events (
  conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  run_id text NOT NULL,
  event jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, seq)
);

CREATE TABLE canvas_events (
  id bigserial PRIMARY KEY,
  conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  run_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('widget', 'canvas')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX canvas_events_by_conversation ON canvas_events (conversation_id, id);

CREATE TABLE approvals (
  conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  call_id text NOT NULL,
  run_id text NOT NULL,
  tool_name text NOT NULL,
  server text,
  tool text,
  input jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'denied', 'abandoned')),
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  PRIMARY KEY (conversation_id, call_id)
);

CREATE TABLE usage (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  conversation_id text REFERENCES conversations (id) ON DELETE SET NULL,
  run_id text NOT NULL,
  model text NOT NULL,
  stop_reason text NOT NULL,
  input_tokens integer NOT NULL,
  output_tokens integer NOT NULL,
  model_calls integer NOT NULL,
  tool_calls integer NOT NULL,
  elapsed_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_by_user ON usage (user_id, created_at);

CREATE TABLE mcp_servers (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  owner_id text REFERENCES users (id) ON DELETE CASCADE,
  description text,
  transport jsonb NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
  {
    version: 2,
    name: 'stream events stored in chunks',
    sql: `
CREATE TABLE stream_chunks (
  conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  first_seq bigint NOT NULL,
  last_seq bigint NOT NULL,
  run_id text NOT NULL,
  events json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, last_seq),
  CHECK (last_seq >= first_seq)
);

INSERT INTO stream_chunks (conversation_id, first_seq, last_seq, run_id, events, created_at)
  SELECT conversation_id, seq, seq, run_id, json_build_array(event), created_at FROM stream_events;

DROP TABLE stream_events;
`,
  },
  {
    version: 3,
    name: 'no foreign-key checks on the tables every turn writes',
    sql: `
ALTER TABLE messages DROP CONSTRAINT messages_conversation_id_fkey;

ALTER TABLE stream_chunks DROP CONSTRAINT stream_chunks_conversation_id_fkey;

ALTER TABLE usage DROP CONSTRAINT usage_user_id_fkey;

ALTER TABLE usage DROP CONSTRAINT usage_conversation_id_fkey;
`,
  },
  {
    version: 4,
    name: 'one index on messages; session version and tool turns beside the session',
    sql: `
ALTER TABLE messages DROP CONSTRAINT messages_pkey;
ALTER TABLE messages DROP CONSTRAINT messages_id_key;
DROP INDEX messages_by_conversation;
ALTER TABLE messages ADD PRIMARY KEY (conversation_id, seq);

ALTER TABLE conversations ADD COLUMN session_version bigint NOT NULL DEFAULT 0;
ALTER TABLE conversations ADD COLUMN tool_turns integer NOT NULL DEFAULT 0;
UPDATE conversations SET tool_turns = COALESCE((session->>'toolTurns')::int, 0);
ALTER TABLE conversations ALTER COLUMN session TYPE text USING session::text;
ALTER TABLE stream_chunks ALTER COLUMN events TYPE text USING events::text;
ALTER TABLE conversations SET (fillfactor = 80);
`,
  },
  {
    version: 5,
    name: "answers to servers' questions, waiting for the replica that runs the turn",
    sql: `
CREATE TABLE interaction_answers (
  conversation_id text NOT NULL,
  request_id text NOT NULL,
  answer text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, request_id)
);
`,
  },
  {
    version: 6,
    name: "each user's OAuth credentials for a server (encrypted), and authorizations in progress",
    sql: `
CREATE TABLE server_credentials (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  server_id text NOT NULL REFERENCES mcp_servers (id) ON DELETE CASCADE,
  sealed_state text NOT NULL,
  has_tokens boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, server_id)
);

CREATE TABLE authorization_flows (
  state text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  server_id text NOT NULL REFERENCES mcp_servers (id) ON DELETE CASCADE,
  return_to text,
  expires_at timestamptz NOT NULL
);
`,
  },
  {
    version: 7,
    name: 'the audit trail of tool calls made through the /mcp endpoint',
    sql: `
CREATE TABLE mcp_endpoint_calls (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  server text NOT NULL,
  tool text NOT NULL,
  status text NOT NULL,
  elapsed_ms integer NOT NULL,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_endpoint_calls_user ON mcp_endpoint_calls (user_id, created_at);
`,
  },
  {
    version: 8,
    name: 'tool embeddings by model and text hash (pgvector where the database has it, else real[])',
    // Each DO block is one line: statements are split at semicolons that end a line.
    sql: `
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS vector; EXCEPTION WHEN OTHERS THEN NULL; END $$;

DO $$ BEGIN EXECUTE format('CREATE TABLE tool_embeddings (model text NOT NULL, text_hash text NOT NULL, embedding %s NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (model, text_hash))', CASE WHEN to_regtype('vector') IS NULL THEN 'real[]' ELSE 'vector' END); END $$;
`,
  },
  {
    version: 9,
    name: 'prompt-cache tokens in usage (read from and written to the vendor cache)',
    sql: `
ALTER TABLE usage ADD COLUMN cache_read_tokens integer NOT NULL DEFAULT 0;
ALTER TABLE usage ADD COLUMN cache_write_tokens integer NOT NULL DEFAULT 0;
`,
  },
  {
    version: 10,
    name: 'the scope a server asked a user to step up to; forms asked during direct tool calls, answerable on any replica',
    sql: `
ALTER TABLE server_credentials ADD COLUMN step_up_scope text;

CREATE TABLE direct_call_elicitations (
  request_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  answer text,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
`,
  },
  {
    version: 11,
    name: "the OAuth subjects (the authorization server's user claim) of users created through the API",
    sql: `
CREATE TABLE user_oauth_subjects (
  subject text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_oauth_subjects_user ON user_oauth_subjects (user_id);
`,
  },
  {
    version: 12,
    name: "servers' questions of turns and direct calls in one table, answerable on any replica (replaces interaction_answers)",
    sql: `
ALTER TABLE direct_call_elicitations RENAME TO pending_questions;
ALTER TABLE pending_questions
  ADD COLUMN conversation_id text REFERENCES conversations (id) ON DELETE CASCADE;
DROP TABLE interaction_answers;
`,
  },
  {
    version: 13,
    name: 'servers and users listed in the order they were registered (created_at ties within a millisecond)',
    sql: `
ALTER TABLE mcp_servers ADD COLUMN seq bigserial;
UPDATE mcp_servers SET seq = ordered.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM mcp_servers) AS ordered
  WHERE mcp_servers.id = ordered.id;
ALTER TABLE users ADD COLUMN seq bigserial;
UPDATE users SET seq = ordered.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM users) AS ordered
  WHERE users.id = ordered.id;
`,
  },
  {
    version: 14,
    name: 'authorization flows bound to the browser that started them; servers shared by an administrator',
    sql: `
ALTER TABLE authorization_flows ADD COLUMN browser_hash text;
ALTER TABLE authorization_flows ADD COLUMN start_key_hash text;
ALTER TABLE authorization_flows ADD COLUMN authorization_url text;
ALTER TABLE mcp_servers ADD COLUMN shared boolean NOT NULL DEFAULT false;
`,
  },
  {
    version: 15,
    name: 'the audit trail says which path a call took; the strictest annotations seen of each tool, and the definition last seen',
    sql: `
ALTER TABLE mcp_endpoint_calls ADD COLUMN via text NOT NULL DEFAULT 'mcp';

CREATE TABLE tool_pins (
  server_id text NOT NULL REFERENCES mcp_servers (id) ON DELETE CASCADE,
  tool text NOT NULL,
  read_only boolean NOT NULL,
  destructive boolean NOT NULL,
  definition_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (server_id, tool)
);
`,
  },
  {
    version: 16,
    name: "a user message's mark when its turn never answered it; each user's idempotency keys, shared by replicas",
    sql: `
ALTER TABLE messages ADD COLUMN unanswered text CHECK (unanswered IN ('interrupted', 'failed', 'not_saved'));

CREATE TABLE idempotency_keys (
  user_id text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  state text NOT NULL CHECK (state IN ('in_flight', 'done')),
  conversation_id text,
  run_id text,
  claimed_until timestamptz NOT NULL,
  response_status integer,
  response text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
`,
  },
  {
    version: 17,
    name: "tool calls /mcp runs as tasks (the tasks extension), each user's, shared by replicas",
    sql: `
CREATE TABLE mcp_tasks (
  id text PRIMARY KEY,
  user_id text NOT NULL,
  tool text NOT NULL,
  arguments text NOT NULL,
  client_capabilities text NOT NULL,
  status text NOT NULL CHECK (status IN ('working', 'input_required', 'completed', 'failed', 'cancelled')),
  status_message text,
  input_requests text,
  relay text,
  result text,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX mcp_tasks_user ON mcp_tasks (user_id);
CREATE INDEX mcp_tasks_expiry ON mcp_tasks (expires_at);
`,
  },
  {
    version: 18,
    name: 'several named API keys per user (the one key each had moves there); users an administrator disabled; the audit trail read by time',
    sql: `
CREATE TABLE api_keys (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  configured boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  seq bigserial
);
CREATE INDEX api_keys_user ON api_keys (user_id);
INSERT INTO api_keys (id, user_id, name, key_hash, created_at)
  SELECT 'key_' || id, id, 'first key', api_key_hash, created_at FROM users WHERE api_key_hash IS NOT NULL;
UPDATE users SET api_key_hash = NULL;
ALTER TABLE users ADD COLUMN disabled boolean NOT NULL DEFAULT false;
CREATE INDEX mcp_endpoint_calls_time ON mcp_endpoint_calls (created_at);
`,
  },
];
