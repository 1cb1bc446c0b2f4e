import type { JsonSchema } from '../types/index.ts';
import { describeUnionFix } from './describe-union-fix.ts';
import { anyNode, type IrArray, type IrNode, unionNodes } from './schema-ir.ts';
import type { SchemaNodeReader } from './schema-node-reader.ts';

/**
 * Reads an array schema: its items read through `reader` (a tuple's positions merged into one item
 * schema), item-count bounds kept, uniqueness turned into a note.
 */
export function readArray(raw: JsonSchema, path: string, reader: SchemaNodeReader): IrArray {
  const keywords: JsonSchema = {};
  const notes: string[] = [];
  for (const keyword of ['minItems', 'maxItems'] as const) {
    const value = raw[keyword];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) keywords[keyword] = value;
  }
  if (raw.uniqueItems === true) notes.push('items must be unique');
  const tuple = Array.isArray(raw.prefixItems)
    ? raw.prefixItems
    : Array.isArray(raw.items)
      ? raw.items
      : undefined;
  let items: IrNode;
  if (tuple !== undefined) {
    const keyword = Array.isArray(raw.prefixItems) ? 'prefixItems' : 'items';
    const nodes = tuple.map((entry, index) => reader.readChild(entry, `${path}/${keyword}/${index}`));
    items = unionNodes(nodes, `${path}/${keyword}`).node;
    reader.report(
      `${path}/${keyword}`,
      'tuple arrays are not supported in strict mode',
      describeUnionFix(items),
    );
    notes.push(`positions: ${tuple.length}`);
  } else if (raw.items === undefined) {
    reader.report(path, 'array items have no schema', 'items offered as scalars or JSON-encoded values');
    items = anyNode(`${path}/items`);
  } else {
    items = reader.readChild(raw.items, `${path}/items`);
  }
  return { kind: 'array', items, keywords, path, notes, nullable: false };
}
