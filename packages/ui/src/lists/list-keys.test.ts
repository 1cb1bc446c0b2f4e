import { describe, expect, it } from 'vitest';
import type { Keyed } from './keyed.ts';
import {
  callGroupKeys,
  chatRowKeys,
  columnKeys,
  contentKeys,
  groupKeys,
  idKeys,
  jsonEntryKeys,
  nameKeys,
  promptKeys,
  requestKeys,
  resourceKeys,
  serverIdKeys,
  templateKeys,
  toolStepKeys,
} from './list-keys.ts';

const chip = { id: 'call_1', name: 'shop_mcp_search', args: {}, result: '[]' };
const twice = <T>(item: T): T[] => [item, item];

/**
 * Every list a component renders, with the key function it uses and entries that repeat (the same
 * id, name or content twice): each must get keys of its own, in order, with its items as they were.
 */
const LISTS: Array<[list: string, keys: () => Keyed<unknown>[], items: unknown[]]> = [
  [
    'AgentConsole › lines',
    () => idKeys(twice({ id: 'line_1', summary: 'run started' })),
    twice({ id: 'line_1', summary: 'run started' }),
  ],
  ['Canvas › blocks', () => idKeys(twice({ id: 'w_1' })), twice({ id: 'w_1' })],
  ['ChatPanel › rows', () => chatRowKeys(twice([{ id: 'msg_1' }])), twice([{ id: 'msg_1' }])],
  ['ChatPanel › a reply’s parts', () => idKeys(twice({ id: 'msg_2' })), twice({ id: 'msg_2' })],
  ['ChatPanel › chip groups', () => callGroupKeys(twice([chip])), twice([chip])],
  ['ChatPanel › running calls', () => toolStepKeys(twice({ toolCallId: 'c1' })), twice({ toolCallId: 'c1' })],
  ['ChatPanel › Connect cards', () => serverIdKeys(twice({ serverId: 's1' })), twice({ serverId: 's1' })],
  ['ChatPanel › forms and links', () => requestKeys(twice({ requestId: 'r1' })), twice({ requestId: 'r1' })],
  [
    'ChatPanel › sampling requests',
    () => requestKeys(twice({ requestId: 'r2' })),
    twice({ requestId: 'r2' }),
  ],
  ['ToolCallChip › calls', () => idKeys(twice(chip)), twice(chip)],
  ['ApprovalDialog › calls', () => idKeys(twice({ id: 'button_1' })), twice({ id: 'button_1' })],
  ['ServerConnections › servers', () => idKeys(twice({ id: 'srv_1' })), twice({ id: 'srv_1' })],
  ['ToolBrowser › tools', () => nameKeys(twice({ name: 'shop:search' })), twice({ name: 'shop:search' })],
  ['ToolBrowser › fields', () => nameKeys(twice({ name: 'query' })), twice({ name: 'query' })],
  ['ToolBrowser › options', () => contentKeys([1, '1', 1]), [1, '1', 1]],
  [
    'SamplingCard › messages',
    () => contentKeys(twice({ role: 'user', text: 'hi' })),
    twice({ role: 'user', text: 'hi' }),
  ],
  ['Suggestions › questions', () => contentKeys(twice('search milk')), twice('search milk')],
  [
    'SlashMenu › prompts',
    () => promptKeys(twice({ serverId: 's', name: 'p' })),
    twice({ serverId: 's', name: 'p' }),
  ],
  [
    'ResourcePicker › resources',
    () => resourceKeys(twice({ serverId: 's', uri: 'u' })),
    twice({ serverId: 's', uri: 'u' }),
  ],
  [
    'ResourcePicker › templates',
    () => templateKeys(twice({ serverId: 's', uriTemplate: 't' })),
    twice({ serverId: 's', uriTemplate: 't' }),
  ],
  [
    'Composer › attachments',
    () => resourceKeys(twice({ serverId: 's', uri: 'u' })),
    twice({ serverId: 's', uri: 'u' }),
  ],
  ['TemplateForm › variables', () => contentKeys(twice('city')), twice('city')],
  ['TemplateForm › suggestions', () => contentKeys(twice('Paris')), twice('Paris')],
  ['Table › columns', () => columnKeys(twice({ key: 'name' })), twice({ key: 'name' })],
  ['Table › rows', () => contentKeys(twice({ name: 'Milk', price: 1 })), twice({ name: 'Milk', price: 1 })],
  ['Form › fields', () => nameKeys(twice({ name: 'email' })), twice({ name: 'email' })],
  ['Form › options', () => contentKeys(twice('yes')), twice('yes')],
  [
    'Log › entries',
    () => contentKeys(twice({ level: 'info', message: 'ok' })),
    twice({ level: 'info', message: 'ok' }),
  ],
  [
    'Trombinoscope › groups',
    () =>
      groupKeys([
        ['a', []],
        ['a', []],
      ] as const),
    [
      ['a', []],
      ['a', []],
    ],
  ],
  ['Trombinoscope › people', () => contentKeys(twice({ name: 'Ann' })), twice({ name: 'Ann' })],
  ['Code › lines', () => contentKeys(['}', '}']), ['}', '}']],
  [
    'Profile › fields',
    () => contentKeys(twice({ label: 'Role', value: 'x' })),
    twice({ label: 'Role', value: 'x' }),
  ],
  [
    'Profile › links',
    () => contentKeys(twice({ label: 'Site', url: 'https://a' })),
    twice({ label: 'Site', url: 'https://a' }),
  ],
  ['Profile › tags', () => contentKeys(twice('admin')), twice('admin')],
  [
    'Gallery › images',
    () => contentKeys(twice({ src: 'https://a/1.png' })),
    twice({ src: 'https://a/1.png' }),
  ],
  ['Tabs › tabs', () => contentKeys(twice({ label: 'A' })), twice({ label: 'A' })],
  ['List › items', () => contentKeys(twice({ text: 'milk' })), twice({ text: 'milk' })],
  ['Grid › items', () => contentKeys(twice({ name: 'stat' })), twice({ name: 'stat' })],
  ['Cards › items', () => contentKeys(twice({ title: 'Milk' })), twice({ title: 'Milk' })],
  [
    'Timeline › events',
    () => contentKeys(twice({ date: '2024', title: 'x' })),
    twice({ date: '2024', title: 'x' }),
  ],
  ['Actions › buttons', () => contentKeys(twice({ label: 'Buy' })), twice({ label: 'Buy' })],
  [
    'Sankey › links',
    () => contentKeys(twice({ source: 'a', target: 'b' })),
    twice({ source: 'a', target: 'b' }),
  ],
  ['Sankey › nodes', () => idKeys(twice({ id: 'a' })), twice({ id: 'a' })],
  ['Tags › tags', () => contentKeys(twice({ label: 'new' })), twice({ label: 'new' })],
  ['Hemicycle › seats', () => contentKeys(twice({ x: 1, y: 2, group: 0 })), twice({ x: 1, y: 2, group: 0 })],
  [
    'Hemicycle › groups',
    () => contentKeys(twice({ name: 'Left', seats: 3 })),
    twice({ name: 'Left', seats: 3 }),
  ],
  ['Kv › items', () => contentKeys(twice({ key: 'a', value: 1 })), twice({ key: 'a', value: 1 })],
  [
    'RemoteServersPanel (apps/web) › servers',
    () => nameKeys(twice({ name: 'calc' })),
    twice({ name: 'calc' }),
  ],
];

describe('the keys of every rendered list', () => {
  it.each(LISTS)('%s: repeated entries get keys of their own', (_list, keys, items) => {
    const keyedItems = keys();
    expect(keyedItems.map((entry) => entry.item)).toEqual(items);
    expect(new Set(keyedItems.map((entry) => entry.key)).size).toBe(items.length);
  });

  it('JsonNode › members: an array’s repeated elements apart, an object’s by property name', () => {
    const array = jsonEntryKeys([1, 1, { a: 1 }, { a: 1 }]);
    expect(array.map((entry) => entry.item)).toEqual([
      ['0', 1],
      ['1', 1],
      ['2', { a: 1 }],
      ['3', { a: 1 }],
    ]);
    expect(new Set(array.map((entry) => entry.key)).size).toBe(4);
    // An element keeps its key when another is added before it.
    expect(
      jsonEntryKeys([0, 1, 1])
        .slice(1)
        .map((entry) => entry.key),
    ).toEqual(array.slice(0, 2).map((entry) => entry.key));
    expect(jsonEntryKeys({ b: 1, a: 1 }).map((entry) => entry.key)).toEqual(['1:b', '1:a']);
  });
});
