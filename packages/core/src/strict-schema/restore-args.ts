import { isPlainObject } from '../shared/is-plain-object.ts';
import type { ArgPlan } from './arg-plan.ts';

/** What `restoreArgs` needs: the plan, the flattened-name paths and whether the root was wrapped. */
export interface RestoreInfo {
  plan: ArgPlan;
  /** Flattened property name → path in the nested arguments (empty when not flattened). */
  flattened: ReadonlyMap<string, readonly string[]>;
  /** The original top level was not an object and is passed as the `value` property. */
  wrapped: boolean;
}

/**
 * Turns arguments a model produced against a sanitized (strict-mode) schema back into arguments for
 * the tool's ORIGINAL schema, which is what the runtime validates and sends:
 * flattened names are nested again (`center__lat` → `center.lat`), JSON-encoded values are decoded,
 * nulls given for optional properties (strict mode's stand-in for "absent") are removed, and a
 * wrapped non-object input is unwrapped. Input that is not an object is returned unchanged
 * (validation then explains what is expected). Never throws; never mutates its input.
 */
export function restoreArgs(args: unknown, info: RestoreInfo): unknown {
  if (!isPlainObject(args)) return args;
  const nested = info.flattened.size > 0 ? unflatten(args, info.flattened, info.plan) : args;
  const restored = applyPlan(nested, info.plan);
  if (!info.wrapped) return restored;
  return isPlainObject(restored) && 'value' in restored ? restored.value : restored;
}

/**
 * Strips the nulls strict mode uses for absent optional properties, decodes JSON-encoded values,
 * following a plan (without the flattening step).
 */
export function applyPlan(value: unknown, plan: ArgPlan): unknown {
  switch (plan.kind) {
    case 'keep':
      return value;
    case 'json':
      return typeof value === 'string' ? decodeJson(value) : value;
    case 'array':
      return Array.isArray(value) ? value.map((item) => applyPlan(item, plan.items)) : value;
    case 'object': {
      if (!isPlainObject(value)) return value;
      const result: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(value)) {
        const property = plan.properties.get(key);
        if (entry === undefined) continue;
        if (property === undefined) {
          result[key] = entry;
        } else if (!(entry === null && property.optional && !property.nullable)) {
          result[key] = applyPlan(entry, property.plan);
        }
      }
      return result;
    }
  }
}

function decodeJson(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  try {
    return JSON.parse(trimmed);
  } catch {
    return text;
  }
}

function unflatten(
  args: Record<string, unknown>,
  paths: ReadonlyMap<string, readonly string[]>,
  plan: ArgPlan,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const created = new Set<Record<string, unknown>>();
  for (const [key, value] of Object.entries(args)) {
    const path = paths.get(key);
    if (path === undefined) {
      result[key] = value;
      continue;
    }
    let target = result;
    for (const segment of path.slice(0, -1)) {
      const next = target[segment];
      if (isPlainObject(next)) {
        target = next;
      } else {
        const group: Record<string, unknown> = {};
        created.add(group);
        target[segment] = group;
        target = group;
      }
    }
    target[path[path.length - 1] as string] = value;
  }
  collapseEmptyGroups(result, plan, created);
  return result;
}

/** An optional object rebuilt from flattened properties that are all null was absent: remove it. */
function collapseEmptyGroups(
  object: Record<string, unknown>,
  plan: ArgPlan,
  created: Set<Record<string, unknown>>,
): void {
  for (const [key, value] of Object.entries(object)) {
    if (!isPlainObject(value) || !created.has(value)) continue;
    const property = plan.kind === 'object' ? plan.properties.get(key) : undefined;
    collapseEmptyGroups(value, property?.plan ?? { kind: 'keep' }, created);
    const allNull = Object.values(value).every((entry) => entry === null || entry === undefined);
    if (allNull && property?.optional === true) delete object[key];
  }
}
