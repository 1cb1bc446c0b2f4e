import { describe, expect, it } from 'vitest';
import { anyNode, type IrNode, type IrScalar, intersectNodes, isAnyNode, unionNodes } from './schema-ir.ts';

const scalar = (types: IrScalar['types'], extra: Partial<IrScalar> = {}): IrScalar => ({
  kind: 'scalar',
  types,
  keywords: {},
  path: '#',
  notes: [],
  nullable: false,
  ...extra,
});
const nullNode: IrNode = { kind: 'null', path: '#', notes: [], nullable: true };

describe('unionNodes', () => {
  it('X | null is exactly a nullable X', () => {
    const { node, exact } = unionNodes([scalar(['string']), nullNode], '#');
    expect(exact).toBe(true);
    expect(node).toMatchObject({ kind: 'scalar', types: ['string'], nullable: true });
  });

  it('integer | number collapses to number', () => {
    expect(unionNodes([scalar(['integer']), scalar(['number'])], '#').node).toMatchObject({
      types: ['number'],
    });
  });

  it('drops the enum when one alternative is unrestricted', () => {
    const { node } = unionNodes([scalar(['string'], { enum: ['a'] }), scalar(['string'])], '#');
    expect(node).toMatchObject({ kind: 'scalar', enum: undefined });
  });

  it('mixed kinds become a mixed opaque value that is not "any"', () => {
    const { node } = unionNodes(
      [scalar(['string']), { kind: 'object', properties: new Map(), path: '#', notes: [], nullable: false }],
      '#',
    );
    expect(node).toMatchObject({ kind: 'opaque', shape: 'mixed', scalarTypes: ['string'] });
    expect(isAnyNode(node)).toBe(false);
  });
});

describe('intersectNodes', () => {
  it('ignores unconstrained parts', () => {
    expect(intersectNodes([anyNode('#', 'doc'), scalar(['string'])], '#').node).toMatchObject({
      kind: 'scalar',
      description: 'doc',
      nullable: false,
    });
  });

  it('intersects types and enums', () => {
    const { node, exact } = intersectNodes(
      [scalar(['string', 'integer'], { enum: ['a', 'b', 1] }), scalar(['string'], { enum: ['b', 'c'] })],
      '#',
    );
    expect(exact).toBe(true);
    expect(node).toMatchObject({ types: ['string'], enum: ['b'] });
  });

  it('reports a conflict as inexact and keeps the first part', () => {
    const { node, exact } = intersectNodes([scalar(['string']), scalar(['boolean'])], '#');
    expect(exact).toBe(false);
    expect(node).toMatchObject({ types: ['string'] });
  });
});
