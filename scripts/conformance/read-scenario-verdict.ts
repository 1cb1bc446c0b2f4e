import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One check of a scenario, as the conformance suite writes it to `checks.json`. */
interface Check {
  id: string;
  /** `SUCCESS`, `FAILURE`, `WARNING`, `SKIPPED` or `INFO`. */
  status: string;
  errorMessage?: string;
  details?: { message?: string };
}

/** Whether a scenario passed and, when it did not, why. */
export interface ScenarioVerdict {
  passed: boolean;
  /** The first failing or warning check (`id: message`), or what is missing; empty when passed. */
  reason: string;
  /** Checks excused as not applicable here that succeeded all the same: their excuse is stale. */
  stale: string[];
}

/** The check every run ends with (its messages matched the protocol's schema), which says nothing of the scenario itself. */
const WIRE_SCHEMA_CHECK = 'wire-schema-valid';

/**
 * Reads the `checks.json` the conformance CLI wrote for one scenario run with `--output-dir dir`
 * (in a `<scenario>-<time>` folder under it; a scenario named `auth/x` nests one folder deeper).
 * A scenario passes when one of its own checks succeeded (not only the wire-schema check every run
 * ends with) and none failed or warned, except the checks `excused` names (check id → why it does
 * not apply to this target): a warning is the suite saying it could not test something.
 */
export async function readScenarioVerdict(
  dir: string,
  excused: Readonly<Record<string, string>> = {},
): Promise<ScenarioVerdict> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  const file = entries.find((entry) => entry.endsWith('checks.json'));
  if (!file) return { passed: false, reason: 'the suite wrote no results', stale: [] };
  const checks = JSON.parse(await readFile(join(dir, file), 'utf8')) as Check[];
  const stale = Object.keys(excused).filter((id) =>
    checks.some((check) => check.id === id && check.status === 'SUCCESS'),
  );
  const message = (check: Check) =>
    `${check.id}: ${check.errorMessage ?? check.details?.message ?? check.status}`;
  const bad = checks.find(
    (check) =>
      (check.status === 'FAILURE' || check.status === 'WARNING') && !Object.hasOwn(excused, check.id),
  );
  if (bad) return { passed: false, reason: message(bad), stale };
  if (!checks.some((check) => check.status === 'SUCCESS' && check.id !== WIRE_SCHEMA_CHECK)) {
    const skipped = checks.find((check) => check.status === 'SKIPPED');
    return {
      passed: false,
      reason: skipped ? `every check skipped (${message(skipped)})` : 'no check succeeded',
      stale,
    };
  }
  return { passed: true, reason: '', stale };
}
