import { isPlainObject } from '../shared/is-plain-object.ts';

/**
 * Resolves a local JSON Schema reference (`#`, `#/$defs/X`, `#/definitions/X`, any JSON Pointer
 * into the root document). Returns undefined for remote references and pointers that lead nowhere.
 */
export function resolveSchemaRef(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = root;
  for (const encoded of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(encoded).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      current = /^\d+$/.test(segment) ? current[Number(segment)] : undefined;
    } else if (isPlainObject(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** Escapes a property name for use as a JSON Pointer segment. */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
