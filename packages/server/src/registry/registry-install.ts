import type {
  RegistryArgument,
  RegistryInput,
  RegistryPackage,
  RegistryRemote,
  RegistryServer,
  RegistryVariable,
} from './registry-entry.ts';

/** A value the person fills in to add a server (keyed as the add request's `values` are). */
export interface InstallField {
  key: string;
  label: string;
  description?: string;
  required: boolean;
  secret: boolean;
  default?: string;
  choices?: string[];
}

/** One way to add a registry server: one of its remotes, or one of its packages (a command). */
export interface InstallOption {
  kind: 'remote' | 'package';
  index: number;
  /** What it comes to: the remote's URL, or the command line (without the person's values). */
  summary: string;
  fields: InstallField[];
  addable: boolean;
  /** Why the caller cannot add it, when they cannot. */
  reason?: string;
}

/** Who is adding, and what the deployment allows. */
export interface InstallCaller {
  admin: boolean;
  allowCommandServers: boolean;
}

/** What to register: a URL with headers, or a command with arguments and environment. */
export type InstallRegistration =
  | { url: string; headers: Record<string, string> }
  | { command: string; args: string[]; env: Record<string, string> };

/** The person's values do not add up to a server (a required one missing, a package not runnable). */
export class InstallError extends Error {
  override name = 'InstallError';
  readonly missing: string[];
  constructor(message: string, missing: string[] = []) {
    super(message);
    this.missing = missing;
  }
}

/** The commands package types run with: npm → npx, pypi → uvx, oci → docker. */
const RUNNERS: Record<string, { command: string; check: RegExp }> = {
  npm: { command: 'npx', check: /^(@[a-z0-9~][a-z0-9._~-]*\/)?[a-z0-9~][a-z0-9._~-]*$/ },
  pypi: { command: 'uvx', check: /^[A-Za-z0-9][A-Za-z0-9._-]*$/ },
  oci: { command: 'docker', check: /^[a-z0-9][a-z0-9./_:@-]*$/ },
};
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]*$/;
/** An environment variable's name, as shells write them. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Variables that change how the runner itself starts (which binary, what it preloads): never a package's to set. */
const RUNNER_ENV = new Set([
  'PATH',
  'NODE_OPTIONS',
  'NODE_PATH',
  'PYTHONPATH',
  'PYTHONSTARTUP',
  'DOCKER_HOST',
]);
/** An HTTP header's name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the connection sets itself. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'transfer-encoding',
  'mcp-session-id',
  'mcp-protocol-version',
]);

/** The ways the caller may add `server`, each with the values it asks for. */
export function installOptions(server: RegistryServer, caller: InstallCaller): InstallOption[] {
  return [
    ...server.remotes.map((remote, index) => {
      const refusal = remoteRefusal(remote);
      return {
        kind: 'remote' as const,
        index,
        summary: `${remote.type === 'sse' ? 'SSE' : 'Streamable HTTP'} ${remote.url}`,
        fields: remoteFields(remote),
        addable: refusal === undefined,
        ...(refusal !== undefined ? { reason: refusal } : {}),
      };
    }),
    ...server.packages.map((pkg, index) => {
      const refusal = packageRefusal(pkg, caller);
      return {
        kind: 'package' as const,
        index,
        summary: refusal.unsupported ?? commandLine(pkg).join(' '),
        fields: packageFields(pkg),
        addable: refusal.reason === undefined,
        ...(refusal.reason !== undefined ? { reason: refusal.reason } : {}),
      };
    }),
  ];
}

/**
 * What to register for one option of `server` filled with `values`: the remote's URL and headers,
 * or the package's command (npm `npx -y id@version`, pypi `uvx id==version`, oci `docker run -i
 * --rm image:version`) as an argument list, never a shell string. Throws {@link InstallError}.
 */
export function installRegistration(
  server: RegistryServer,
  option: { kind: 'remote' | 'package'; index: number },
  values: Record<string, string>,
): InstallRegistration {
  const missing: string[] = [];
  if (option.kind === 'remote') {
    const remote = server.remotes[option.index];
    if (!remote) throw new InstallError(`"${server.name}" has no remote ${option.index}`);
    const refusal = remoteRefusal(remote);
    if (refusal) throw new InstallError(refusal);
    const url = fill(remote.url, remote.variables, 'url', values, missing) ?? '';
    const headers: Record<string, string> = {};
    for (const header of remote.headers) {
      const value = inputValue(header, `header:${header.name}`, values, missing);
      if (value !== undefined) headers[header.name] = value;
    }
    if (missing.length > 0) throw missingError(missing);
    return { url, headers };
  }
  const pkg = server.packages[option.index];
  if (!pkg) throw new InstallError(`"${server.name}" has no package ${option.index}`);
  const unsupported = packageRefusal(pkg, { admin: true, allowCommandServers: true }).unsupported;
  if (unsupported) throw new InstallError(unsupported);
  const env: Record<string, string> = {};
  for (const variable of pkg.environmentVariables) {
    const value = inputValue(variable, `env:${variable.name}`, values, missing);
    if (value !== undefined) env[variable.name] = value;
  }
  const runtime = argumentList(pkg.runtimeArguments, 'runtime', values, missing);
  const args = argumentList(pkg.packageArguments, 'arg', values, missing);
  if (missing.length > 0) throw missingError(missing);
  const [command, ...base] = commandLine(pkg, runtime, Object.keys(env));
  return { command: command as string, args: [...base, ...args], env };
}

function missingError(missing: string[]): InstallError {
  return new InstallError(`fill in ${missing.map((key) => JSON.stringify(key)).join(', ')}`, missing);
}

/** Why a remote cannot be added: a header the connection sets itself, or not a header name at all. */
function remoteRefusal(remote: RegistryRemote): string | undefined {
  const bad = remote.headers.find(
    (header) => !HEADER_NAME.test(header.name) || RESERVED_HEADERS.has(header.name.toLowerCase()),
  );
  return bad
    ? `It asks to set the header ${JSON.stringify(bad.name)}, which the gateway does not let a registry set.`
    : undefined;
}

/** Why a package cannot be added: one the gateway cannot run (`unsupported`), or not by this caller. */
function packageRefusal(
  pkg: RegistryPackage,
  caller: InstallCaller,
): { unsupported?: string; reason?: string } {
  const runner = RUNNERS[pkg.registryType];
  const unsupported = !runner
    ? `a ${pkg.registryType} package, which the gateway does not run (npm, pypi and oci only)`
    : pkg.transport !== 'stdio'
      ? `a package serving ${pkg.transport}: run it yourself and add its URL`
      : !runner.check.test(pkg.identifier) || !VERSION.test(pkg.version)
        ? 'a package whose name or version the gateway does not accept'
        : pkg.environmentVariables.some(
              (variable) =>
                !ENV_NAME.test(variable.name) ||
                RUNNER_ENV.has(variable.name.toUpperCase()) ||
                /^(LD|DYLD)_/i.test(variable.name),
            )
          ? 'a package setting an environment variable that changes how its runner starts (PATH, NODE_OPTIONS, LD_PRELOAD, …)'
          : undefined;
  if (unsupported) return { unsupported, reason: `It is ${unsupported}.` };
  if (!caller.admin)
    return {
      reason:
        "Only an administrator can add a package server: it runs a command on the gateway's machine. Use a remote, or ask an administrator.",
    };
  if (!caller.allowCommandServers)
    return {
      reason:
        'This gateway does not start commands added through the app: the operator lists them under "servers" in the configuration, or sets "allowCommandServers": true.',
    };
  return {};
}

/** The command line of a package, runtime arguments and (for oci) environment names passed in. */
function commandLine(pkg: RegistryPackage, runtime: string[] = [], envNames: string[] = []): string[] {
  switch (pkg.registryType) {
    case 'npm':
      return ['npx', ...runtime, '-y', `${pkg.identifier}@${pkg.version}`];
    case 'pypi':
      return ['uvx', ...runtime, `${pkg.identifier}==${pkg.version}`];
    default: {
      const tagged = pkg.identifier.slice(pkg.identifier.lastIndexOf('/') + 1).includes(':');
      const image = tagged ? pkg.identifier : `${pkg.identifier}:${pkg.version}`;
      return ['docker', 'run', '-i', '--rm', ...runtime, ...envNames.flatMap((name) => ['-e', name]), image];
    }
  }
}

function remoteFields(remote: RegistryRemote): InstallField[] {
  return [
    ...remote.variables.map((variable) =>
      field(`url:${variable.name}`, `${variable.name} (in the URL)`, { ...variable, isRequired: true }),
    ),
    ...remote.headers.flatMap((header) =>
      inputFields(header, `header:${header.name}`, `${header.name} header`),
    ),
  ];
}

function packageFields(pkg: RegistryPackage): InstallField[] {
  return [
    ...pkg.environmentVariables.flatMap((variable) =>
      inputFields(variable, `env:${variable.name}`, variable.name),
    ),
    ...pkg.runtimeArguments.flatMap((argument, index) =>
      inputFields(argument, `runtime:${index}`, argumentLabel(argument, index)),
    ),
    ...pkg.packageArguments.flatMap((argument, index) =>
      inputFields(argument, `arg:${index}`, argumentLabel(argument, index)),
    ),
  ];
}

function argumentLabel(argument: RegistryArgument, index: number): string {
  return argument.name || argument.valueHint || `argument ${index + 1}`;
}

/** The fields of one input: itself, or the `{variables}` of its fixed value (none when it has none). */
function inputFields(input: RegistryInput, key: string, label: string): InstallField[] {
  if (input.value === undefined) return [field(key, label, input)];
  return input.variables.map((variable) =>
    field(`${key}:${variable.name}`, `${variable.name} (${label})`, variable),
  );
}

function field(key: string, label: string, input: RegistryVariable): InstallField {
  return {
    key,
    label,
    ...(input.description ? { description: input.description } : {}),
    required: input.isRequired,
    secret: input.isSecret,
    ...(input.default !== undefined ? { default: input.default } : {}),
    ...(input.choices ? { choices: input.choices } : {}),
  };
}

/** An input's value (undefined: left out), its missing required fields added to `missing`. */
function inputValue(
  input: RegistryInput,
  key: string,
  values: Record<string, string>,
  missing: string[],
): string | undefined {
  if (input.value !== undefined) {
    if (input.variables.length === 0) return input.value;
    const filled = input.variables.filter((variable) => given(values, `${key}:${variable.name}`, variable));
    if (filled.length === 0 && !input.isRequired && input.variables.every((v) => !v.isRequired))
      return undefined;
    return fill(input.value, input.variables, key, values, missing);
  }
  const value = given(values, key, input);
  if (value === undefined && input.isRequired) missing.push(key);
  return value;
}

/** A value the person gave, else the default; undefined when neither is there. */
function given(values: Record<string, string>, key: string, input: RegistryVariable): string | undefined {
  const value = values[key];
  if (value !== undefined && value !== '') return value;
  return input.default !== undefined && input.default !== '' ? input.default : undefined;
}

/** `template` with each `{name}` of `variables` filled in (a linear scan; other braces kept). */
function fill(
  template: string,
  variables: RegistryVariable[],
  key: string,
  values: Record<string, string>,
  missing: string[],
): string | undefined {
  let out = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    const close = open < 0 ? -1 : template.indexOf('}', open);
    if (open < 0 || close < 0) break;
    const variable = variables.find((candidate) => candidate.name === template.slice(open + 1, close));
    out += template.slice(index, open);
    if (variable) {
      const value = given(values, `${key}:${variable.name}`, variable);
      if (value === undefined) missing.push(`${key}:${variable.name}`);
      out += value ?? '';
    } else out += template.slice(open, close + 1);
    index = close + 1;
  }
  return out + template.slice(index);
}

function argumentList(
  list: RegistryArgument[],
  prefix: string,
  values: Record<string, string>,
  missing: string[],
): string[] {
  return list.flatMap((argument, index) => {
    const value = inputValue(argument, `${prefix}:${index}`, values, missing);
    if (argument.type === 'positional') return value === undefined ? [] : [value];
    return value === undefined ? [] : [argument.name, value];
  });
}
