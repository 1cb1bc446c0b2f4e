import { describe, expect, it } from 'vitest';
import { layoutSankey } from './sankey-layout.ts';

describe('layoutSankey', () => {
  it('puts nodes in columns by depth and sizes them by flow', () => {
    const { nodes, links } = layoutSankey(
      {
        nodes: [{ id: 'budget', label: 'Budget' }],
        links: [
          { source: 'budget', target: 'health', value: 40 },
          { source: 'budget', target: 'education', value: 60 },
          { source: 'education', target: 'schools', value: 60 },
        ],
      },
      600,
      300,
    );
    const byId = Object.fromEntries(nodes.map((node) => [node.id, node]));
    expect(byId.budget).toMatchObject({ label: 'Budget', x: 0, value: 100 });
    expect(byId.health.x).toBe(byId.education.x);
    expect(byId.schools.x).toBe(600 - 14);
    expect(byId.education.height / byId.health.height).toBeCloseTo(1.5);
    expect(links[0].path).toMatch(/^M14,/);
    expect(byId.budget.height).toBeLessThanOrEqual(300);
  });

  it('refuses cycles', () => {
    expect(() =>
      layoutSankey(
        {
          links: [
            { source: 'a', target: 'b', value: 1 },
            { source: 'b', target: 'a', value: 1 },
          ],
        },
        100,
        100,
      ),
    ).toThrow(/cycle/);
  });
});
