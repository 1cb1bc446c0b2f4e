/**
 * The API reports of the published packages (api-extractor): one per export of each package,
 * `packages/<name>/api/<name>[-<entry>].api.md`, read from the built declarations in `dist/`
 * (`npm run build:packages` first). Committed, so a change to a package's surface shows in review.
 *
 *   npm run api:report          writes the reports (after a deliberate change to the surface)
 *   (test:packages)             fails when a report differs from what the packages export
 *
 * An export without documentation (a JSDoc comment) fails both.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel } from '@microsoft/api-extractor';

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGES = ['core', 'autoui', 'servers', 'providers', 'ui'];

/**
 * Runs api-extractor on every export of every built package and compares its report (less what
 * documentation alone changes, see stableReport) with the committed one. With `localBuild` the
 * reports that differ are written; without it, they are left alone and named. Resolves with the
 * names of the reports that differ (or were rewritten); throws when api-extractor reports an error
 * or an export has no documentation.
 */
export async function checkApiReports(localBuild: boolean): Promise<string[]> {
  const changed: string[] = [];
  for (const name of PACKAGES) {
    const directory = join(ROOT, 'packages', name);
    const manifestPath = join(directory, 'dist/package.json');
    if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run npm run build:packages`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      exports: Record<string, string | { types: string }>;
    };
    for (const [entry, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue; // ./package.json
      const reportName = entry === '.' ? name : `${name}-${entry.slice(2).replaceAll('/', '-')}`;
      const tempFolder = join(tmpdir(), 'switchboard-api-report');
      const generatedFolder = join(tempFolder, 'generated');
      mkdirSync(generatedFolder, { recursive: true });
      const config = ExtractorConfig.prepare({
        configObject: {
          projectFolder: join(directory, 'dist'),
          mainEntryPointFilePath: join(directory, 'dist', target.types),
          compiler: {
            overrideTsconfig: {
              compilerOptions: {
                target: 'es2022',
                module: 'nodenext',
                moduleResolution: 'nodenext',
                lib: ['es2023', 'dom', 'dom.iterable'],
                types: ['node'],
                strict: true,
                skipLibCheck: true,
              },
              files: [join(directory, 'dist', target.types)],
            },
          },
          apiReport: {
            enabled: true,
            reportFileName: `${reportName}.api.md`,
            reportFolder: generatedFolder,
            reportTempFolder: tempFolder,
          },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          messages: {
            compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Warning } },
            extractorMessageReporting: {
              default: { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: true },
              'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
              // Checked below (an export without documentation fails); kept out of the report, whose
              // lines would otherwise name declaration lines and change with every edit above them.
              'ae-undocumented': { logLevel: ExtractorLogLevel.Warning, addToApiReportFile: false },
              'ae-forgotten-export': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
              'ae-wrong-input-file-type': { logLevel: ExtractorLogLevel.None },
            },
            tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          },
        },
        configObjectFullPath: undefined,
        packageJsonFullPath: manifestPath,
      });
      const undocumented: string[] = [];
      const result = Extractor.invoke(config, {
        localBuild: true,
        messageCallback: (message) => {
          // A declaration at the start of a line is an export itself, not one of its members.
          if (message.messageId === 'ae-undocumented' && message.sourceFileColumn === 1)
            undocumented.push(`${message.sourceFilePath}:${message.sourceFileLine}: ${message.text}`);
          if (message.logLevel !== ExtractorLogLevel.Error) message.handled = true;
        },
      });
      if (result.errorCount > 0)
        throw new Error(`api-extractor: ${result.errorCount} errors in ${reportName}`);
      if (undocumented.length > 0)
        throw new Error(`${reportName}: exports without documentation:\n${undocumented.join('\n')}`);
      const fileName = `${reportName}.api.md`;
      const report = stableReport(readFileSync(join(generatedFolder, fileName), 'utf8'));
      const committedPath = join(directory, 'api', fileName);
      if (existsSync(committedPath) && readFileSync(committedPath, 'utf8') === report) continue;
      changed.push(reportName);
      if (localBuild) {
        mkdirSync(join(directory, 'api'), { recursive: true });
        writeFileSync(committedPath, report);
      }
    }
  }
  return changed;
}

/**
 * The report without what changes with documentation alone (api-extractor's `// (undocumented)`
 * marks and unresolved `{@link}` warnings), with LF line endings: what it keeps is the surface,
 * names and signatures.
 */
function stableReport(report: string): string {
  return report
    .split(/\r?\n/)
    .filter(
      (line) =>
        !/^\s*\/\/ \(undocumented\)$/.test(line) &&
        !line.trimStart().startsWith('// Warning: (ae-unresolved-link)'),
    )
    .join('\n');
}

if (import.meta.main) {
  const local = process.argv.includes('--local');
  const changed = await checkApiReports(local);
  if (changed.length === 0) console.log('API reports: unchanged');
  else if (local) console.log(`API reports written: ${changed.join(', ')}`);
  else {
    console.log(`API reports differ: ${changed.join(', ')} (npm run api:report writes them)`);
    process.exitCode = 1;
  }
}
