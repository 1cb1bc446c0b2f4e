import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configuredModels } from './configured-models.ts';
import { type ConfiguredModel, readConfigFile, type SwitchboardConfig } from './switchboard-config.ts';

const EXAMPLE = fileURLToPath(new URL('../../../../switchboard.config.example.json', import.meta.url));
const KEY = 'sk-ant-configured-0123456789';

const claude: ConfiguredModel = {
  id: 'claude',
  label: 'Claude',
  vendor: 'anthropic',
  model: 'claude-test',
  apiKeyEnv: 'CLAUDE_KEY',
};
const local: ConfiguredModel = {
  id: 'local',
  vendor: 'openai-compatible',
  model: 'qwen3',
  baseUrl: 'http://127.0.0.1:11434/v1',
};

/** The error message of `run` (fails the test when it does not throw). */
function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

/** The models of a configuration listing `models`, with CLAUDE_KEY set. */
const listing = (models: unknown[], more: SwitchboardConfig = {}, env: NodeJS.ProcessEnv = {}) =>
  configuredModels({ models: models as ConfiguredModel[], ...more }, { CLAUDE_KEY: KEY, ...env });

describe('configuredModels', () => {
  it('reads the example configuration: ids, labels, vendors, prices and the marked default', async () => {
    const config = await readConfigFile(EXAMPLE);
    const { model, models } = configuredModels(config, {
      ANTHROPIC_API_KEY: 'sk-ant-example',
      OPENAI_API_KEY: 'sk-example',
    });
    const listed = models.map(({ id, label, vendor, price }) => ({ id, label, vendor, price }));
    expect(listed).toEqual([
      {
        id: 'claude-sonnet',
        label: 'Claude Sonnet 4.5',
        vendor: 'anthropic',
        price: { input: 3, output: 15, currency: 'USD' },
      },
      { id: 'gpt', label: 'GPT-5.4', vendor: 'openai', price: undefined },
      {
        id: 'qwen-local',
        label: 'Qwen 3 (Ollama on this machine)',
        vendor: 'openai-compatible',
        price: undefined,
      },
    ]);
    expect(model).toBe(models[0]?.model);
    expect(model.id).toBe('anthropic:claude-sonnet-4-5');
  });

  it('without models, the only model is the default, as SWITCHBOARD_MODEL or "model" says', () => {
    expect(configuredModels({}, {})).toMatchObject({ model: { id: 'offline:planner' }, models: [] });
    expect(configuredModels({ model: 'anthropic:claude-x' }, { ANTHROPIC_API_KEY: KEY }).model.id).toBe(
      'anthropic:claude-x',
    );
    expect(
      configuredModels(
        { model: 'anthropic:claude-x' },
        { ANTHROPIC_API_KEY: KEY, SWITCHBOARD_MODEL: 'offline' },
      ).model.id,
    ).toBe('offline:planner');
  });

  it('takes the default from SWITCHBOARD_MODEL, else "model", else the entry marked default, else the first', () => {
    const first = listing([claude, local]);
    expect(first.model).toBe(first.models[0]?.model);
    const marked = listing([claude, { ...local, default: true }]);
    expect(marked.model).toBe(marked.models[1]?.model);
    const named = listing([claude, local], { model: 'local' });
    expect(named.model).toBe(named.models[1]?.model);
    const fromEnvironment = listing([claude, local], { model: 'local' }, { SWITCHBOARD_MODEL: 'claude' });
    expect(fromEnvironment.model).toBe(fromEnvironment.models[0]?.model);
    // A spec is the operator's, made from the environment as without a list, and offered besides.
    const spec = listing([claude], {}, { SWITCHBOARD_MODEL: 'offline' });
    expect(spec.model.id).toBe('offline:planner');
    expect(spec.models.map((entry) => entry.id)).toEqual(['claude']);
  });

  it('names what is wrong with an entry, never quoting a key', () => {
    const cases: Array<[unknown[], string]> = [
      [
        [{ ...claude, vendor: 'gemini' }],
        'model "claude": vendor "gemini" is not supported; use one of anthropic, openai, openai-compatible, offline',
      ],
      [[claude, { ...local, id: 'claude' }], 'two models have the id "claude": give each an id of its own'],
      [
        [{ ...claude, apiKeyEnv: 'UNSET_KEY' }],
        'model "claude" has no API key: set UNSET_KEY (named by apiKeyEnv)',
      ],
      [
        [{ ...claude, apiKeyEnv: undefined }],
        'model "claude": vendor anthropic needs apiKeyEnv, the environment variable holding its key',
      ],
      [
        [{ ...claude, apiKey: KEY }],
        'model "claude": a key written in the configuration file is refused (the file is often shared or committed); put it in an environment variable and name that with apiKeyEnv',
      ],
      [
        [{ ...local, baseUrl: undefined }],
        'model "local": an openai-compatible model needs baseUrl, e.g. "http://127.0.0.1:11434/v1"',
      ],
      [
        [{ ...local, baseUrl: 'http://user:pw@127.0.0.1/v1' }],
        'model "local": baseUrl must be an http(s) URL without credentials',
      ],
      [[{ ...local, baseUrl: 'file:///etc/passwd' }], 'model "local": baseUrl must be an http(s) URL'],
      [[{ ...local, model: '' }], 'model "local": "model" must be the vendor\'s name for it'],
      [[{ ...local, id: 'has space' }], 'models[0].id must be what users pick the model by'],
      [[{ ...local, url: 'x' }], 'model "local" has unknown keys: url (known: id, label, vendor'],
      [[{ ...local, price: { input: -1, output: 2 } }], 'model "local": price must be { "input"'],
      [
        [{ ...local, price: { input: 1, output: 2, currency: 'dollars' } }],
        'model "local": price.currency must be an ISO 4217 code',
      ],
      [
        [{ ...local, toolProtocol: 'xml' }],
        'model "local": toolProtocol must be "native" (default) or "text"',
      ],
      [
        [{ id: 'planner', vendor: 'offline', model: 'x' }],
        'model "planner": the offline planner takes no model',
      ],
      [
        [
          { ...claude, default: true },
          { ...local, default: true },
        ],
        'models "claude" and "local" are both marked default: keep one',
      ],
      [[local, 'claude'], 'models[1] must be an object'],
    ];
    for (const [models, message] of cases) {
      const error = errorOf(() => listing(models));
      expect(error).toContain(message);
      expect(error).not.toContain(KEY);
    }
    expect(errorOf(() => configuredModels({ models: {} as never }, {}))).toContain('models must be a list');
    expect(errorOf(() => listing([{ ...claude, default: true }, local], { model: 'local' }))).toBe(
      '"model" names "local" but models marks "claude" as the default: keep one of them',
    );
    expect(errorOf(() => listing([claude], {}, { SWITCHBOARD_MODEL: 'claud' }))).toMatch(
      /^SWITCHBOARD_MODEL=claud is not a model spec; .*; or name one of the configured models: claude$/,
    );
  });

  it('labels an entry by its id when it has no label, and the offline planner as not a language model', () => {
    const { models } = listing([local, { id: 'planner', vendor: 'offline' }]);
    expect(models.map(({ id, label, vendor }) => ({ id, label, vendor }))).toEqual([
      { id: 'local', label: 'local', vendor: 'openai-compatible' },
      { id: 'planner', label: 'Offline planner (not a language model)', vendor: 'offline' },
    ]);
  });
});
