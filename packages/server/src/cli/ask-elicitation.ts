import type { LineReader } from './line-reader.ts';

/** A server's question as the `elicitation_request` event carries it. */
export interface ElicitationQuestion {
  requestId: string;
  server: string;
  mode: 'form' | 'url';
  message: string;
  requestedSchema?: { properties?: Record<string, FieldSchema>; required?: string[] };
  url?: string;
}

interface FieldSchema {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  oneOf?: Array<{ const?: unknown; title?: string }>;
}

/** The person's answer, as the gateway takes it. */
export interface ElicitationReply {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean>;
}

/**
 * Asks a server's question in the terminal, introduced as the named server's: a form field by field (an empty line keeps the
 * field's default; `/decline` or `/cancel` at any prompt answers so), or a link to open. The
 * server's text is shown as it is, never run.
 */
export async function askElicitation(
  question: ElicitationQuestion,
  lines: Pick<LineReader, 'next'>,
  out: NodeJS.WritableStream,
): Promise<ElicitationReply> {
  // Always named as a server's, so no server's text reads as the gateway's own question.
  out.write(`\n? server ${JSON.stringify(question.server)} asks: ${question.message}\n`);
  if (question.mode === 'url') {
    out.write(`  open ${question.url} (${hostOf(question.url)})\n`);
    const answer = (await lines.next('  Done? [y]es / [n]o (decline) › '))?.trim().toLowerCase() ?? 'n';
    return { action: answer.startsWith('y') ? 'accept' : 'decline' };
  }
  const properties = question.requestedSchema?.properties ?? {};
  const required = new Set(question.requestedSchema?.required ?? []);
  const content: Record<string, string | number | boolean> = {};
  out.write('  (an empty line keeps the default; /decline or /cancel to answer so)\n');
  for (const [name, field] of Object.entries(properties)) {
    for (;;) {
      const line = await lines.next(`  ${fieldPrompt(name, field, required.has(name))} › `);
      if (line === undefined || line.trim() === '/cancel') return { action: 'cancel' };
      if (line.trim() === '/decline') return { action: 'decline' };
      const parsed = parseField(line.trim(), field);
      if (parsed === undefined && line.trim() === '' && !required.has(name)) break;
      if (parsed === undefined) {
        out.write(`  ${line.trim() === '' ? 'required' : `not a valid ${describeType(field)}`}\n`);
        continue;
      }
      content[name] = parsed;
      break;
    }
  }
  return { action: 'accept', content };
}

function fieldPrompt(name: string, field: FieldSchema, required: boolean): string {
  const choices = choicesOf(field);
  const parts = [field.title ?? name];
  if (field.description) parts.push(`— ${field.description}`);
  parts.push(`(${choices ? choices.join(' | ') : describeType(field)}${required ? ', required' : ''})`);
  if (field.default !== undefined) parts.push(`[${String(field.default)}]`);
  return parts.join(' ');
}

function parseField(text: string, field: FieldSchema): string | number | boolean | undefined {
  if (text === '') return undefined;
  const choices = choicesOf(field);
  if (choices) return choices.includes(text) ? text : undefined;
  switch (field.type) {
    case 'boolean':
      return /^(y|yes|true)$/i.test(text) ? true : /^(n|no|false)$/i.test(text) ? false : undefined;
    case 'integer':
      return /^-?\d+$/.test(text) ? Number(text) : undefined;
    case 'number':
      return Number.isFinite(Number(text)) ? Number(text) : undefined;
    default:
      return text;
  }
}

function choicesOf(field: FieldSchema): string[] | undefined {
  if (field.enum) return field.enum.map(String);
  if (field.oneOf) return field.oneOf.map((option) => String(option.const));
  return undefined;
}

function describeType(field: FieldSchema): string {
  return field.type === 'boolean' ? 'yes/no' : (field.type ?? 'text');
}

function hostOf(url: string | undefined): string {
  try {
    return new URL(url ?? '').host;
  } catch {
    return 'not a valid URL';
  }
}
