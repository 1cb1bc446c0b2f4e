import { ToolError } from '../tool-result.ts';

/** The four operations of the calculator. */
export const OPERATIONS = ['add', 'subtract', 'multiply', 'divide'] as const;

/** One of {@link OPERATIONS}. */
export type Operation = (typeof OPERATIONS)[number];

/**
 * Applies `operation` to `a` and `b`. Throws a {@link ToolError} for a non-number operand,
 * division by zero, or a result too large to represent.
 */
export function calculate(operation: Operation, a: number, b: number): number {
  for (const [name, value] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw new ToolError(`'${name}' must be a finite number, got ${JSON.stringify(value)}.`);
    }
  }
  if (operation === 'divide' && b === 0) throw new ToolError('Cannot divide by zero: b must not be 0.');
  const result = apply(operation, a, b);
  if (!Number.isFinite(result))
    throw new ToolError(`The result of ${operation}(${a}, ${b}) is too large to represent.`);
  return result;
}

function apply(operation: Operation, a: number, b: number): number {
  switch (operation) {
    case 'add':
      return a + b;
    case 'subtract':
      return a - b;
    case 'multiply':
      return a * b;
    case 'divide':
      return a / b;
    default:
      throw new ToolError(`Unknown operation '${String(operation)}'; use one of ${OPERATIONS.join(', ')}.`);
  }
}
