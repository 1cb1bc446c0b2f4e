import { extractWWWAuthenticateParams } from '@modelcontextprotocol/client';
import type { McpConnectionOptions } from '@switchboard/core';
import type { Queryable } from '../storage/database.ts';
import { addStepUpScope } from '../store/step-up-scope-store.ts';

type Fetch = NonNullable<McpConnectionOptions['fetch']>;

/** Whose step-up a {@link stepUpScopeFetch} records. */
export interface StepUpScopeOptions {
  db: Queryable;
  userId: string;
  serverId: string;
}

/**
 * The fetch of one user's connection to one server that notes the scope the server asks for when
 * it refuses a request for too little (403 `insufficient_scope` with `scope="…"`, MCP step-up), so
 * that the user's next authorization of it (`POST /servers/{id}/authorize`, from any replica) asks
 * for that scope. The response itself goes on unchanged, noted or not.
 */
export function stepUpScopeFetch(fetch: Fetch, options: StepUpScopeOptions): Fetch {
  return async (url, init) => {
    const response = await fetch(url, init);
    if (response.status !== 403) return response;
    const { error, scope } = extractWWWAuthenticateParams(response);
    // Not noted (the database failing), the refusal still reaches the caller, naming the scope.
    if (error === 'insufficient_scope' && scope)
      await addStepUpScope(options.db, options.userId, options.serverId, scope).catch(() => undefined);
    return response;
  };
}
