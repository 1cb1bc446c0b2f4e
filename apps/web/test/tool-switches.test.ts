import { describe, expect, it } from 'vitest';
import { isOffered, switchPlan } from '../src/lib/workspace/servers/tool-switches.ts';

const TOOLS = new Map([
  ['calc', ['add', 'store']],
  ['shop', ['search']],
  ['data', ['countries']],
]);

describe('switchPlan', () => {
  it('names every other server and tool when one tool is switched off under the empty list (everything)', () => {
    const plan = switchPlan([], TOOLS, 'calc', 'add', false);
    expect(plan).toEqual({
      add: [
        { server_id: 'shop', tool_name: '*' },
        { server_id: 'data', tool_name: '*' },
        { server_id: 'calc', tool_name: 'store' },
      ],
      remove: [],
      emptiesList: false,
    });
    const after = plan.add;
    expect(isOffered(after, 'calc', 'add')).toBe(false);
    expect(isOffered(after, 'calc', 'store')).toBe(true);
    expect(isOffered(after, 'shop', 'search')).toBe(true);
  });

  it('replaces a server named whole by its other tools, and removes a single named tool', () => {
    expect(
      switchPlan(
        [
          { server_id: 'calc', tool_name: '*' },
          { server_id: 'shop', tool_name: '*' },
        ],
        TOOLS,
        'calc',
        'add',
        false,
      ),
    ).toEqual({
      add: [{ server_id: 'calc', tool_name: 'store' }],
      remove: [{ server_id: 'calc', tool_name: '*' }],
      emptiesList: false,
    });
    const named = [
      { server_id: 'calc', tool_name: 'add' },
      { server_id: 'calc', tool_name: 'store' },
    ];
    expect(switchPlan(named, TOOLS, 'calc', 'add', false)).toEqual({
      add: [],
      remove: [named[0]],
      emptiesList: false,
    });
  });

  it('switches a server off and on again, and refuses to switch off the last tool on', () => {
    const off = switchPlan([], TOOLS, 'shop', '*', false);
    expect(off.add).toEqual([
      { server_id: 'calc', tool_name: '*' },
      { server_id: 'data', tool_name: '*' },
    ]);
    const on = switchPlan(
      [
        { server_id: 'calc', tool_name: '*' },
        { server_id: 'shop', tool_name: 'search' },
      ],
      TOOLS,
      'shop',
      '*',
      true,
    );
    expect(on).toEqual({
      add: [{ server_id: 'shop', tool_name: '*' }],
      remove: [{ server_id: 'shop', tool_name: 'search' }],
      emptiesList: false,
    });
    expect(
      switchPlan([{ server_id: 'shop', tool_name: 'search' }], TOOLS, 'shop', 'search', false).emptiesList,
    ).toBe(true);
    // Everything is on already under the empty list: switching on changes nothing.
    expect(switchPlan([], TOOLS, 'calc', 'add', true)).toEqual({ add: [], remove: [], emptiesList: false });
  });
});
