import { describe, expect, it } from 'vitest';
import { resolveTemplate, templateVariables } from './resource-template.ts';
import type { ResourceTemplateChoice } from './server-content.ts';

const template = (uriTemplate: string): ResourceTemplateChoice => ({
  serverId: 's1',
  server: 'everything',
  uriTemplate,
  name: 'Dynamic Text Resource',
});

describe('templateVariables', () => {
  it('lists each variable once, in order, across operators', () => {
    expect(templateVariables(template('demo://{kind}/{id}{?lang,kind}'))).toEqual(['kind', 'id', 'lang']);
  });

  it('gives none for a template without variables', () => {
    expect(templateVariables(template('demo://static'))).toEqual([]);
  });
});

describe('resolveTemplate', () => {
  it('expands the template, percent-encoding values, and names the resource after the template and its values', () => {
    expect(resolveTemplate(template('storage://{key}'), { key: 'a b/c' })).toEqual({
      serverId: 's1',
      server: 'everything',
      uri: 'storage://a%20b%2Fc',
      name: 'Dynamic Text Resource (a b/c)',
    });
  });

  it('leaves out empty optional values (a query variable disappears)', () => {
    const resolved = resolveTemplate(
      { ...template('demo://item/{id}{?lang}'), title: 'Item', mimeType: 'text/plain' },
      { id: '7', lang: '' },
    );
    expect(resolved).toMatchObject({ uri: 'demo://item/7', name: 'Item (7)', mimeType: 'text/plain' });
  });
});
