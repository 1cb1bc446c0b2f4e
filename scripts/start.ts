/**
 * `npm start`: builds the web app when it has not been built yet, then runs the gateway with the embedded
 * database, the shipped demo servers and (without a model key) the offline planner. Its logs start at
 * `warn` so the printed welcome stays readable; `LOG_LEVEL=info npm start` shows every request.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(`${root}apps/web/dist/index.html`)) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const serve = spawnSync(
  process.execPath,
  [`${root}packages/server/src/cli.ts`, 'serve', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { LOG_LEVEL: 'warn', ...process.env },
  },
);
process.exit(serve.status ?? 0);
