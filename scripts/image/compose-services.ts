import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';

/** One service of compose.yaml, read as compose would run it. */
export interface ComposeService {
  name: string;
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment: Record<string, string>;
  /** Bind mounts with the host path made absolute (named volumes are left out). */
  binds: string[];
  ports: string[];
  dependsOn: string[];
}

/**
 * Reads the services of a compose file (merge keys included), with `${NAME}`, `${NAME:-default}`
 * and `${NAME:?message}` filled from `variables` as compose fills them from the environment; a
 * required variable that is missing throws with its message, as compose stops.
 */
export function readComposeServices(path: string, variables: Record<string, string>): ComposeService[] {
  const document = parse(readFileSync(path, 'utf8'), { merge: true }) as {
    services: Record<string, Record<string, unknown>>;
  };
  const fill = (text: string) => interpolate(text, variables);
  const directory = resolve(path, '..');
  return Object.entries(document.services).map(([name, service]) => {
    const environment = Object.fromEntries(
      Object.entries((service.environment ?? {}) as Record<string, string | number>).map(([key, value]) => [
        key,
        fill(String(value)),
      ]),
    );
    const binds = ((service.volumes ?? []) as string[])
      .map(fill)
      .filter((volume) => volume.startsWith('./') || volume.startsWith('/'))
      .map((volume) => (volume.startsWith('./') ? resolve(directory, volume) : volume));
    return {
      name,
      image: service.image as string | undefined,
      build: service.build as ComposeService['build'],
      command: service.command as string[] | undefined,
      environment,
      binds,
      ports: (service.ports ?? []) as string[],
      dependsOn: Object.keys((service.depends_on ?? {}) as object),
    };
  });
}

/** Compose's variable interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?message}`, `$$`. */
function interpolate(text: string, variables: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (whole, name, kind, rest) => {
    if (whole === '$$') return '$';
    const value = variables[name];
    if (value !== undefined && value !== '') return value;
    if (kind === '?') throw new Error(`compose.yaml: ${rest || `${name} is required`}`);
    return kind === '-' ? rest : '';
  });
}
