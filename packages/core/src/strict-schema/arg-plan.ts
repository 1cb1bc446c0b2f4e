/**
 * How to turn arguments produced against a strict-mode schema back into arguments for the original
 * schema: which values arrive JSON-encoded, which nulls stand for absent optional properties.
 */
export type ArgPlan =
  | { kind: 'keep' }
  | { kind: 'json' }
  | { kind: 'array'; items: ArgPlan }
  | { kind: 'object'; properties: ReadonlyMap<string, PropertyPlan> };

/** The plan of one object property. */
export interface PropertyPlan {
  plan: ArgPlan;
  /** Optional in the original schema (strict mode made it required and nullable). */
  optional: boolean;
  /** The original schema itself accepts null here (so a null is kept). */
  nullable: boolean;
}

/** The plan that changes nothing. */
export const KEEP: ArgPlan = Object.freeze({ kind: 'keep' });
