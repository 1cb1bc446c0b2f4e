import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serve } from './serve-command.ts';

describe('switchboard serve', () => {
  it('refuses an authorization server for /mcp on a gateway without users, before starting anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'switchboard-serve-'));
    try {
      const config = join(dir, 'switchboard.config.json');
      await writeFile(config, JSON.stringify({ mcpAuthorization: { issuer: 'https://auth.example.com' } }));
      await expect(serve({ config, dataDir: join(dir, 'data') }, {})).rejects.toThrow(
        'mcpAuthorization needs users its access tokens map to',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
