import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configuredUsers, readConfigFile } from './switchboard-config.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../switchboard.config.example.json', import.meta.url));

describe('the configuration file', () => {
  it('reads the example, with keys from the environment', async () => {
    const config = await readConfigFile(EXAMPLE);
    expect(config.limits).toMatchObject({
      toolTurnsPerRequest: 50,
      toolTurnsPerSession: 200,
      requestsPerMinute: 30,
    });
    expect(config.approvalPolicy?.rules?.[0]).toEqual({ match: 'shop:checkout', action: 'ask' });
    const users = configuredUsers(config, { SWITCHBOARD_ADMIN_KEY: 'sk-admin', ALICE_API_KEY: 'sk-alice' });
    expect(users).toEqual([
      { id: 'alice', name: 'Alice', role: 'user', apiKey: 'sk-alice' },
      { id: 'admin', name: 'Administrator', role: 'admin', apiKey: 'sk-admin' },
    ]);
  });

  it('names the variable a missing key should be in, and refuses unknown keys', async () => {
    const config = await readConfigFile(EXAMPLE);
    expect(() => configuredUsers(config, { SWITCHBOARD_ADMIN_KEY: 'sk-admin' })).toThrow(/ALICE_API_KEY/);
    const typo = join(tmpdir(), `switchboard-typo-${process.pid}.json`);
    await writeFile(typo, JSON.stringify({ prot: 1 }));
    await expect(readConfigFile(typo)).rejects.toThrow(/unknown keys: prot/);
    await expect(readConfigFile(join(tmpdir(), 'does-not-exist.json'))).rejects.toThrow(
      /cannot read the configuration/,
    );
  });
});
