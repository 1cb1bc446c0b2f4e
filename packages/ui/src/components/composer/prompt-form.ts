import type { FormWidgetField } from '../../forms/form-widget-values.ts';
import type { PromptArgument } from './server-content.ts';

/** The form asking for a prompt's arguments: one text field each, required as the prompt says. */
export function promptFormFields(args: readonly PromptArgument[]): FormWidgetField[] {
  return args.map((arg) => ({
    name: arg.name,
    label: arg.title ?? arg.name,
    type: 'text',
    required: arg.required === true,
    ...(arg.description ? { description: arg.description } : {}),
  }));
}

/** The form's values as the prompt's string arguments; empty optional ones are left out. */
export function promptArguments(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values)
      .map(([name, value]) => [name, value === undefined || value === null ? '' : String(value)] as const)
      .filter(([, value]) => value !== ''),
  );
}
