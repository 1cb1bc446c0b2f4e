import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One check of a scenario, as the conformance suite writes it to `checks.json`. */
interface Check {
  id: string;
  /** `SUCCESS`, `FAILURE`, `WARNING` or `INFO`. */
  status: string;
  errorMessage?: string;
  details?: { message?: string };
}

/** Whether a scenario passed and, when it did not, why. */
export interface ScenarioVerdict {
  passed: boolean;
  /** The first failing or warning check (`id: message`), or what is missing; empty when passed. */
  reason: string;
}

/**
 * Reads the `checks.json` the conformance CLI wrote for one scenario run with `--output-dir dir`
 * (in a `<scenario>-<time>` folder under it; a scenario named `auth/x` nests one folder deeper).
 * A scenario passes when at least one check succeeded and none failed or warned: a warning is
 * the suite saying it could not test something.
 */
export async function readScenarioVerdict(dir: string): Promise<ScenarioVerdict> {
  const entries = await readdir(dir, { recursive: true }).catch(() => []);
  const file = entries.find((entry) => entry.endsWith('checks.json'));
  if (!file) return { passed: false, reason: 'the suite wrote no results' };
  const checks = JSON.parse(await readFile(join(dir, file), 'utf8')) as Check[];
  const bad = checks.find((check) => check.status === 'FAILURE' || check.status === 'WARNING');
  if (bad)
    return { passed: false, reason: `${bad.id}: ${bad.errorMessage ?? bad.details?.message ?? bad.status}` };
  if (!checks.some((check) => check.status === 'SUCCESS'))
    return { passed: false, reason: 'no check succeeded' };
  return { passed: true, reason: '' };
}
