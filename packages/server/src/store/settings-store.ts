import type { ApprovalPolicy } from '@switchboard/core';
import { CONTROL_CHANNEL, type ControlMessage, type GatewayBus } from '../bus/gateway-bus.ts';
import type { Database } from '../storage/database.ts';
import { json } from './conversation-store.ts';

const POLICY_KEY = 'approval_policy';

/**
 * Deployment-wide settings an administrator can change at run time (the approval policy), stored
 * in the database and cached per replica: re-read after a change notice, or after `ttlMs` anyway.
 * Until an administrator sets one, the policy from the configuration applies.
 */
export class SettingsStore {
  readonly #db: Database;
  readonly #bus: GatewayBus;
  readonly #fallback?: ApprovalPolicy;
  readonly #ttlMs: number;
  #cached?: { policy: ApprovalPolicy | undefined; at: number };
  #unsubscribe?: () => Promise<void>;

  constructor(options: { db: Database; bus: GatewayBus; approvalPolicy?: ApprovalPolicy; ttlMs?: number }) {
    this.#db = options.db;
    this.#bus = options.bus;
    this.#fallback = options.approvalPolicy;
    this.#ttlMs = options.ttlMs ?? 5_000;
  }

  /** Listens for changes made through other replicas. */
  async start(): Promise<void> {
    this.#unsubscribe = await this.#bus.subscribe(CONTROL_CHANNEL, (message) => {
      if ((JSON.parse(message) as ControlMessage).type === 'settings-changed') this.#cached = undefined;
    });
  }

  /** The deployment's approval policy. */
  async approvalPolicy(): Promise<ApprovalPolicy | undefined> {
    if (this.#cached && Date.now() - this.#cached.at < this.#ttlMs) return this.#cached.policy;
    const { rows } = await this.#db.query<{ value: ApprovalPolicy }>(
      'SELECT value FROM settings WHERE key = $1',
      [POLICY_KEY],
    );
    const policy = rows[0]?.value ?? this.#fallback;
    this.#cached = { policy, at: Date.now() };
    return policy;
  }

  /** Replaces the deployment's approval policy and tells every replica. */
  async setApprovalPolicy(policy: ApprovalPolicy): Promise<void> {
    await this.#db.query(
      `INSERT INTO settings (key, value) VALUES ($1, $2::jsonb)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [POLICY_KEY, json(policy)],
    );
    this.#cached = undefined;
    await this.#bus.publish(
      CONTROL_CHANNEL,
      JSON.stringify({ type: 'settings-changed' } satisfies ControlMessage),
    );
  }

  async close(): Promise<void> {
    await this.#unsubscribe?.();
  }
}
