/** The fields of a workspace package's package.json that its published manifest is made from. */
export interface WorkspaceManifest {
  name: string;
  version: string;
  description?: string;
  license?: string;
  type?: string;
  sideEffects?: boolean | string[];
  keywords?: string[];
  repository?: unknown;
  engines?: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  [field: string]: unknown;
}

/**
 * The package.json of a built package (written into its `dist/`, which is what `npm pack` and
 * `npm publish` take): the workspace manifest's name, version, description, licence, type,
 * sideEffects and dependencies, with each export mapped from its TypeScript source
 * (`./src/x.ts`) to the built `./x.js` and its declarations `./x.d.ts` (Svelte packages also give
 * the `svelte` condition), the workspace's own packages (`*`) pinned to `^` their version, and
 * nothing of the workspace's (`private`, scripts, devDependencies).
 */
export function publishManifest(
  workspace: WorkspaceManifest,
  versions: ReadonlyMap<string, string>,
  files: readonly string[],
): Record<string, unknown> {
  const svelte =
    workspace.peerDependencies?.svelte !== undefined || workspace.dependencies?.svelte !== undefined;
  const exports = Object.fromEntries(
    Object.entries(workspace.exports).map(([entry, target]) => {
      const source = typeof target === 'string' ? target : (target.default ?? Object.values(target)[0]);
      if (!source.startsWith('./src/') || !source.endsWith('.ts'))
        throw new Error(
          `${workspace.name}: export ${entry} is ${source}, not a TypeScript source under ./src`,
        );
      const built = `./${source.slice('./src/'.length, -'.ts'.length)}`;
      const conditions = {
        types: `${built}.d.ts`,
        ...(svelte ? { svelte: `${built}.js` } : {}),
        default: `${built}.js`,
      };
      return [entry, conditions];
    }),
  );
  const pin = (dependencies?: Record<string, string>) =>
    dependencies &&
    Object.fromEntries(
      Object.entries(dependencies).map(([name, range]) => {
        const version = versions.get(name);
        return [name, version !== undefined && range === '*' ? `^${version}` : range];
      }),
    );
  const manifest: Record<string, unknown> = {
    name: workspace.name,
    version: workspace.version,
    description: workspace.description,
    license: workspace.license,
    keywords: workspace.keywords,
    repository: workspace.repository,
    type: workspace.type,
    sideEffects: workspace.sideEffects,
    engines: workspace.engines,
    exports: { ...exports, './package.json': './package.json' },
    files: [...files],
    dependencies: pin(workspace.dependencies),
    peerDependencies: pin(workspace.peerDependencies),
  };
  return Object.fromEntries(Object.entries(manifest).filter(([, value]) => value !== undefined));
}
