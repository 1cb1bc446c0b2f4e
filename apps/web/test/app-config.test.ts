import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, resolveAppConfig } from '../src/lib/app-config.ts';

describe('resolveAppConfig', () => {
  it('defaults to standalone mode with approval for storage writes', () => {
    expect(resolveAppConfig(undefined, '')).toEqual(DEFAULT_CONFIG);
  });

  it('reads the served config and lets the URL choose the mode', () => {
    const served = {
      mode: 'gateway',
      apiBase: '/api/',
      apiKey: 'k',
      modelLabel: ' Offline planner (not a language model) ',
      urlPolicy: { imageHosts: ['upload.wikimedia.org'] },
      tileUrl: 'https://tiles.test/{z}/{x}/{y}.png',
    };
    expect(resolveAppConfig(served, '')).toMatchObject({
      mode: 'gateway',
      apiBase: '/api',
      apiKey: 'k',
      modelLabel: 'Offline planner (not a language model)',
      urlPolicy: { imageHosts: ['upload.wikimedia.org'] },
    });
    expect(resolveAppConfig(served, '?mode=standalone').mode).toBe('standalone');
  });

  it('ignores values of the wrong type and non-https tiles', () => {
    const config = resolveAppConfig(
      {
        mode: 'nonsense',
        apiBase: 3,
        urlPolicy: { imageHosts: 'x' },
        tileUrl: 'http://tiles/{z}',
        modelLabel: 7,
        approvalRules: [{ match: 'a:*', action: 'maybe' }],
      },
      '',
    );
    expect(config).toEqual({ ...DEFAULT_CONFIG, approvalRules: [] });
  });
});
