import type { IrNode } from './schema-ir.ts';

/** How a union strict mode cannot express was offered instead, for the patch report. */
export function describeUnionFix(node: IrNode): string {
  switch (node.kind) {
    case 'scalar':
      return `merged into one value of type ${node.types.join(' | ')}`;
    case 'object':
      return 'merged into one object with the properties of every alternative (optional unless in all)';
    case 'array':
      return 'merged into one array whose items accept every alternative';
    default:
      return 'offered as a JSON-encoded value';
  }
}
