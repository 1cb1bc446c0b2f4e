import { McpServer } from '@modelcontextprotocol/server';
import { memorySkillFiles, SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { afterEach, describe, expect, test } from 'vitest';
import { McpConnection } from '../../src/mcp/index.ts';
import { listen, type McpNodeHandler, modernHandler, sessionfulHandler } from '../fixtures/http-servers.ts';

const MANIFEST =
  '---\nname: pdf-forms\ndescription: Fill PDF forms.\n---\nRead references/FIELDS.md first.\n';

/** A server (the SDK's skills extension) with one skill: its SKILL.md and one reference file, kept in `files`. */
async function skillsServer(files: Record<string, string>) {
  const catalog = await SkillsExtension.load(memorySkillFiles(files));
  return () => {
    const server = new McpServer({ name: 'skills', version: '1.0.0' }, { capabilities: { resources: {} } });
    catalog.attach(server);
    return server;
  };
}

describe('a server’s skills through McpConnection (the skills extension, SEP-2640)', () => {
  const teardown: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  async function connect(handler: McpNodeHandler): Promise<McpConnection> {
    const server = await listen(handler.handle);
    const connection = new McpConnection({
      name: 'skills',
      transport: { type: 'http', url: server.url },
      timeoutMs: 10_000,
    });
    teardown.push(
      () => server.close(),
      () => handler.close(),
      () => connection.close(),
    );
    return connection;
  }

  test.each([
    ['2026-07-28', modernHandler],
    ['2025', sessionfulHandler],
  ] as const)(
    'lists the skills, then reads a skill’s files, each verified against its entry (%s)',
    async (_era, handlerOf) => {
      const files = { 'pdf-forms/SKILL.md': MANIFEST, 'pdf-forms/references/FIELDS.md': 'name, date\n' };
      const connection = await connect(handlerOf(await skillsServer(files)));
      const [skill, ...others] = await connection.listSkills();
      expect(others).toEqual([]);
      expect(skill).toMatchObject({ frontmatter: { name: 'pdf-forms', description: 'Fill PDF forms.' } });
      const manifest = await connection.readSkill(skill as NonNullable<typeof skill>);
      expect(manifest).toMatchObject({ verified: true, body: 'Read references/FIELDS.md first.\n' });
      const fields = await connection.readSkill(skill as NonNullable<typeof skill>, 'references/FIELDS.md');
      expect(fields.text).toBe('name, date\n');
    },
  );

  test('refuses a file the skill does not list before asking, and one its server no longer serves as listed', async () => {
    const files: Record<string, string> = {
      'pdf-forms/SKILL.md': MANIFEST,
      'pdf-forms/references/FIELDS.md': 'name, date\n',
    };
    const connection = await connect(modernHandler(await skillsServer(files)));
    const [listed] = await connection.listSkills();
    const skill = listed as NonNullable<typeof listed>;
    const unlisted = await connection.readSkill(skill, 'references/OTHER.md').catch((error) => error);
    expect(unlisted).toMatchObject({ server: 'skills', cause: { reason: 'unlisted' } });
    expect(unlisted.message).toContain('references/OTHER.md');
    files['pdf-forms/references/FIELDS.md'] = 'name, evil\n';
    const changed = await connection.readSkill(skill, 'references/FIELDS.md').catch((error) => error);
    expect(changed).toMatchObject({ kind: 'server_error', server: 'skills' });
  });
});
