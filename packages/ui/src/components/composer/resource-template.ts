import { UriTemplate } from '@modelcontextprotocol/client';
import type { ResourceChoice, ResourceTemplateChoice } from './server-content.ts';

/** The variables a template asks for, in order of appearance (each once); none when the template does not parse. */
export function templateVariables(template: ResourceTemplateChoice): string[] {
  try {
    return [...new Set(new UriTemplate(template.uriTemplate).variableNames)];
  } catch {
    return [];
  }
}

/**
 * The resource a filled template names: its URI expanded by RFC 6570 (values percent-encoded as the
 * template's operators say), named after the template and the values. Empty values are left out.
 */
export function resolveTemplate(
  template: ResourceTemplateChoice,
  values: Record<string, string>,
): ResourceChoice {
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
  const uri = new UriTemplate(template.uriTemplate).expand(filled);
  const label = template.title ?? template.name;
  const shown = Object.values(filled).join(', ');
  return {
    serverId: template.serverId,
    server: template.server,
    uri,
    name: shown ? `${label} (${shown})` : label,
    ...(template.mimeType ? { mimeType: template.mimeType } : {}),
  };
}
