import { defineConfig } from 'vitest/config';

const ALL_TESTS = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const BROWSER_TESTS = '**/*.browser.test.ts';
/** The browser soak compares its late turns' latency with its early ones': it runs alone, last. */
const BROWSER_SOAK = 'apps/web/test/long-conversation.browser.test.ts';
/** The standing security suite (`npm run test:security`): abuse tests and the authorization matrix. */
const SECURITY_TESTS = '**/*.security.test.ts';

/**
 * Two workers for the suite (most files spend their time starting gateways, databases and
 * authorization servers, so one file per core keeps both cores busy), then the security suite on
 * its own (its event-loop lag bounds should not measure the other files' load), then the Chromium
 * files one at a time with a longer test timeout (a browser page's waits, 20 s each, are the first
 * to run out when another file loads the machine), then the browser soak alone; the browser files
 * all serve the web app built once for the run.
 */
export default defineConfig({
  test: {
    // A worker runs its files one after another in one module registry: the gateway, the SDK and
    // vite load once per worker instead of once per file (most of the suite's time was imports).
    // Nothing a file leaves in a module may change another's outcome: tests keep their state in
    // what they start (gateways, databases, servers), not in modules.
    isolate: false,
    // Tests start hundreds of short-lived PGlite databases; each compiles PostgreSQL's WebAssembly,
    // and optimizing it (which a database used for seconds never repays) took most of that CPU.
    execArgv: ['--liftoff-only'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-output/vitest.json' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ALL_TESTS,
          exclude: [BROWSER_TESTS, SECURITY_TESTS],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'security',
          include: ALL_TESTS.map((pattern) => pattern.replace('*.test.ts', '*.security.test.ts')),
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'chromium',
          include: ALL_TESTS.map((pattern) => pattern.replace('*.test.ts', '*.browser.test.ts')),
          exclude: [BROWSER_SOAK],
          globalSetup: ['apps/web/test/support/built-web-app.ts'],
          maxWorkers: 1,
          testTimeout: 60_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'chromium-soak',
          include: [BROWSER_SOAK],
          globalSetup: ['apps/web/test/support/built-web-app.ts'],
          maxWorkers: 1,
          testTimeout: 60_000,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
