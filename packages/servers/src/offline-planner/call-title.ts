import { isPlainObject } from '@switchboard/core';
import { humanize } from './choose-widget.ts';
import { shortToolName } from './tool-roles.ts';

const OPERATORS: Readonly<Record<string, string>> = {
  add: '+',
  plus: '+',
  subtract: '−',
  minus: '−',
  multiply: '×',
  times: '×',
  divide: '÷',
  power: '^',
};
const MAX_TITLE = 60;

/**
 * A title a person reads for the result of a call, for its widget: the arithmetic it did (`5 + 3`
 * for `calculate {operation: 'add', a: 5, b: 3}`), else the tool's name in words and its short
 * arguments (`Get storage: greeting`, `Search products: milk`).
 */
export function callTitle(name: string, input: unknown): string {
  const args = isPlainObject(input) ? input : {};
  const operator = typeof args.operation === 'string' ? OPERATORS[args.operation.toLowerCase()] : undefined;
  if (operator !== undefined && typeof args.a === 'number' && typeof args.b === 'number') {
    return `${args.a} ${operator} ${args.b}`;
  }
  const values = Object.values(args)
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((value) => value.length <= 30);
  const title = [humanize(shortToolName(name)), values.join(', ')].filter(Boolean).join(': ');
  return title.length <= MAX_TITLE ? title : `${title.slice(0, MAX_TITLE - 1)}…`;
}
