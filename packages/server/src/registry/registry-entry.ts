import { isPlainObject } from '@switchboard/core';
/**
 * A server of the MCP Registry (its `server.json`, format 2025-12-11, as the registry's v0.1 API
 * lists it) read from untrusted input: every field is type-checked and bounded, anything else is
 * dropped, and an entry that does not fit is left out whole. Nothing here is ever HTML: the web
 * app shows it as text.
 */

/** A value a person fills in: a header, an environment variable, an argument, or a `{variable}` of one. */
export interface RegistryInput {
  name: string;
  description?: string;
  isRequired: boolean;
  isSecret: boolean;
  default?: string;
  choices?: string[];
  /** A fixed value, or a template whose `{variables}` are filled in. */
  value?: string;
  /** The `{variables}` of {@link value} (or of a remote's URL). */
  variables: RegistryVariable[];
}

/** A `{name}` in a template, filled in by the person. */
export type RegistryVariable = Omit<RegistryInput, 'value' | 'variables'>;

/** A package or runtime argument: positional (its value) or named (`--name value`). */
export interface RegistryArgument extends RegistryInput {
  type: 'positional' | 'named';
  valueHint?: string;
}

/** A server reachable over the network. */
export interface RegistryRemote {
  type: 'streamable-http' | 'sse';
  /** May hold `{variables}`. */
  url: string;
  headers: RegistryInput[];
  variables: RegistryVariable[];
}

/** A package the server is published as, run on the gateway's machine. */
export interface RegistryPackage {
  registryType: string;
  identifier: string;
  version: string;
  transport: string;
  runtimeHint?: string;
  runtimeArguments: RegistryArgument[];
  packageArguments: RegistryArgument[];
  environmentVariables: RegistryInput[];
}

/** One server of the registry, as the gateway keeps it. */
export interface RegistryServer {
  name: string;
  title?: string;
  description: string;
  version: string;
  websiteUrl?: string;
  repositoryUrl?: string;
  remotes: RegistryRemote[];
  packages: RegistryPackage[];
}

/** Bounds on what a registry may send (a hostile one sends anything). */
export const REGISTRY_BOUNDS = {
  name: 200,
  text: 2000,
  url: 2000,
  value: 1000,
  remotes: 10,
  packages: 10,
  inputs: 30,
  choices: 30,
} as const;

/** A string of at most `max` characters without control characters, else undefined. */
function stringOf(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || value.length > max) return undefined;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 32 && code !== 10 && code !== 9) || code === 127) return undefined;
  }
  return value;
}

/** The items of a list of at most `max` entries that read well; undefined when it is not a list or too long. */
function listOf<T>(value: unknown, max: number, read: (item: unknown) => T | undefined): T[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > max) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const entry = read(item);
    if (entry === undefined) return undefined;
    items.push(entry);
  }
  return items;
}

/** An http(s) URL (with `{variables}` allowed), else undefined. */
function httpUrl(value: unknown): string | undefined {
  const url = stringOf(value, REGISTRY_BOUNDS.url);
  if (!url || !(url.startsWith('https://') || url.startsWith('http://'))) return undefined;
  return url;
}

function readVariable(name: string, raw: unknown): RegistryVariable | undefined {
  if (!isPlainObject(raw)) return undefined;
  const description = optional(raw.description, REGISTRY_BOUNDS.text);
  const fallback = optional(raw.default, REGISTRY_BOUNDS.value);
  const choices = raw.choices === undefined ? [] : listOf(raw.choices, REGISTRY_BOUNDS.choices, choice);
  if (description === null || fallback === null || !choices) return undefined;
  return {
    name,
    ...(description !== undefined ? { description } : {}),
    isRequired: raw.isRequired === true,
    isSecret: raw.isSecret === true,
    ...(fallback !== undefined ? { default: fallback } : {}),
    ...(choices.length > 0 ? { choices } : {}),
  };
}

function readVariables(raw: unknown): RegistryVariable[] | undefined {
  if (raw === undefined) return [];
  if (!isPlainObject(raw)) return undefined;
  const entries = Object.entries(raw);
  if (entries.length > REGISTRY_BOUNDS.inputs) return undefined;
  const variables: RegistryVariable[] = [];
  for (const [name, value] of entries) {
    if (!stringOf(name, REGISTRY_BOUNDS.name) || name === '') return undefined;
    const variable = readVariable(name, value);
    if (!variable) return undefined;
    variables.push(variable);
  }
  return variables;
}

/** A string that is absent (undefined), fits (the string), or does not (null). */
function optional(value: unknown, max: number): string | undefined | null {
  if (value === undefined) return undefined;
  return stringOf(value, max) ?? null;
}

const choice = (value: unknown) => stringOf(value, REGISTRY_BOUNDS.value);

function readInput(raw: unknown, nameRequired: boolean): RegistryInput | undefined {
  if (!isPlainObject(raw)) return undefined;
  const name = raw.name === undefined && !nameRequired ? '' : stringOf(raw.name, REGISTRY_BOUNDS.name);
  if (name === undefined || (nameRequired && name === '')) return undefined;
  const variable = readVariable(name, raw);
  const value = optional(raw.value, REGISTRY_BOUNDS.value);
  const variables = readVariables(raw.variables);
  if (!variable || value === null || !variables) return undefined;
  return { ...variable, ...(value !== undefined ? { value } : {}), variables };
}

function readArgument(raw: unknown): RegistryArgument | undefined {
  if (!isPlainObject(raw) || (raw.type !== 'positional' && raw.type !== 'named')) return undefined;
  const input = readInput(raw, raw.type === 'named');
  const valueHint = optional(raw.valueHint, REGISTRY_BOUNDS.name);
  if (!input || valueHint === null) return undefined;
  return { ...input, type: raw.type, ...(valueHint !== undefined ? { valueHint } : {}) };
}

function readRemote(raw: unknown): RegistryRemote | undefined {
  if (!isPlainObject(raw) || (raw.type !== 'streamable-http' && raw.type !== 'sse')) return undefined;
  const url = httpUrl(raw.url);
  const headers = listOf(raw.headers, REGISTRY_BOUNDS.inputs, (item) => readInput(item, true));
  const variables = readVariables(raw.variables);
  if (!url || !headers || !variables) return undefined;
  return { type: raw.type, url, headers, variables };
}

function readPackage(raw: unknown): RegistryPackage | undefined {
  if (!isPlainObject(raw)) return undefined;
  const registryType = stringOf(raw.registryType, 50);
  const identifier = stringOf(raw.identifier, REGISTRY_BOUNDS.name);
  const version = stringOf(raw.version, 100);
  const transport = isPlainObject(raw.transport) ? stringOf(raw.transport.type, 50) : undefined;
  const runtimeHint = optional(raw.runtimeHint, 50);
  const argument = (item: unknown) => readArgument(item);
  const runtimeArguments = listOf(raw.runtimeArguments, REGISTRY_BOUNDS.inputs, argument);
  const packageArguments = listOf(raw.packageArguments, REGISTRY_BOUNDS.inputs, argument);
  const environmentVariables = listOf(raw.environmentVariables, REGISTRY_BOUNDS.inputs, (item) =>
    readInput(item, true),
  );
  if (
    !registryType ||
    !identifier ||
    !version ||
    !transport ||
    runtimeHint === null ||
    !runtimeArguments ||
    !packageArguments ||
    !environmentVariables
  )
    return undefined;
  return {
    registryType,
    identifier,
    version,
    transport,
    ...(runtimeHint !== undefined ? { runtimeHint } : {}),
    runtimeArguments,
    packageArguments,
    environmentVariables,
  };
}

/**
 * Reads one `{server, _meta}` entry of the registry's v0.1 API; undefined when it does not fit the
 * published format or the gateway's bounds.
 */
export function readRegistryEntry(raw: unknown): RegistryServer | undefined {
  const server = isPlainObject(raw) ? raw.server : undefined;
  if (!isPlainObject(server)) return undefined;
  const name = stringOf(server.name, REGISTRY_BOUNDS.name);
  const description = stringOf(server.description ?? '', REGISTRY_BOUNDS.text);
  const version = stringOf(server.version, 100);
  const title = optional(server.title, REGISTRY_BOUNDS.name);
  const websiteUrl = server.websiteUrl === undefined ? undefined : (httpUrl(server.websiteUrl) ?? null);
  const repository = isPlainObject(server.repository) ? server.repository.url : undefined;
  const repositoryUrl = repository === undefined ? undefined : (httpUrl(repository) ?? null);
  const remotes = listOf(server.remotes, REGISTRY_BOUNDS.remotes, readRemote);
  const packages = listOf(server.packages, REGISTRY_BOUNDS.packages, readPackage);
  if (
    !name?.includes('/') ||
    description === undefined ||
    !version ||
    title === null ||
    websiteUrl === null ||
    repositoryUrl === null ||
    !remotes ||
    !packages
  )
    return undefined;
  return {
    name,
    ...(title ? { title } : {}),
    description,
    version,
    ...(websiteUrl ? { websiteUrl } : {}),
    ...(repositoryUrl ? { repositoryUrl } : {}),
    remotes,
    packages,
  };
}
