/**
 * `npm run test:image`: builds the gateway's image from the Containerfile and runs it.
 *
 * These machines reach Debian's packages and npm but no image registry, so the base is built here
 * (Debian from mmdebstrap, the workspace's pinned Node from the `node` npm package; kept in buildah's
 * local storage and reused while Node and npm keep their versions) and passed as BASE_IMAGE. The
 * image is built with `buildah bud --isolation chroot` (layers cached, npm's cache in a cache mount)
 * and run with `buildah run --isolation chroot`, on the host's network. Checks: a non-root user, the
 * HEALTHCHECK on /health, /ready, a chat turn with the offline planner, /mcp, SIGTERM ending the
 * process cleanly, a restart on the same data volume keeping the conversation, and compose.yaml's
 * gateway services (command, environment, configuration file) as two replicas on the machine's own
 * PostgreSQL and Redis. Prints one line per check, the image's size and the time of each phase.
 * Skips, saying why, where buildah or mmdebstrap cannot be had.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, realpathSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pg from 'pg';
import { type RunningContainer, run, startContainer, userOf } from './buildah-container.ts';
import { readComposeServices } from './compose-services.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const IMAGE = 'localhost/switchboard:test';
const IMAGE_USER_ID = 10_001;
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

let passed = 0;
let failed = 0;
const timings: Array<[string, number]> = [];

/** Records one check: PASS, or FAIL with what went wrong. */
async function check(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
    passed++;
    console.log(`PASS ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${(error as Error).message}`);
  }
}

/** Throws `message` unless `condition` holds. */
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Runs one phase and records how long it took. */
async function phase<T>(name: string, body: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await body();
  } finally {
    timings.push([name, (performance.now() - started) / 1000]);
  }
}

/** A TCP port free on loopback right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Waits (at most 120 s) until `url` answers 200; throws with the container's output otherwise. */
async function waitForOk(url: string, container: RunningContainer): Promise<void> {
  const deadline = Date.now() + 120_000;
  let exited = false;
  void container.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline && !exited) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(
    `${url} did not answer 200${exited ? ' (the container exited)' : ''}:\n${container.output()}`,
  );
}

/** JSON from the gateway's API with the given key. */
// biome-ignore lint/suspicious/noExplicitAny: the gateway's JSON, read field by field by each check
async function api(base: string, key: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Asks one question in a new conversation; returns its id and the reply. */
async function askInNewConversation(base: string, key: string, question: string) {
  const { id } = await api(base, key, '/conversations', {});
  const reply = await api(base, key, `/conversations/${id}/chat`, { content: question });
  return { id: id as string, reply };
}

/** Sends SIGTERM to the container's gateway and waits for it to exit (at most 40 s). */
async function stopWithSigterm(container: RunningContainer): Promise<number | null> {
  container.signal('SIGTERM');
  const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), 40_000).unref());
  const code = await Promise.race([container.exited, timeout]);
  if (code === 'timeout')
    throw new Error(`the gateway did not exit within 40 s of SIGTERM:\n${container.output()}`);
  return code;
}

/** Whether a command is on PATH. */
async function has(command: string): Promise<boolean> {
  return run('sh', ['-c', `command -v ${command}`]).then(
    () => true,
    () => false,
  );
}

/** The base image for this workspace's Node and npm: reused when buildah has it, else built. */
async function ensureBaseImage(): Promise<string> {
  // The pinned Node this script runs on (the `node` npm package's binary).
  const nodeBinary = realpathSync(process.execPath);
  const nodeVersion = process.version.slice(1);
  const npmVersion = (await run('npm', ['--version'])).trim();
  const image = `localhost/switchboard-test-base:node-${nodeVersion}-npm-${npmVersion}`;
  const present = await run('buildah', ['inspect', '--type', 'image', image]).then(
    () => true,
    () => false,
  );
  if (present) {
    console.log(`base image ${image}: reused from buildah's storage`);
    return image;
  }
  console.log(`base image ${image}: building (mmdebstrap, Debian bookworm minbase)`);
  await run('bash', [join(ROOT, 'scripts/image/build-test-base.sh'), image, nodeBinary, npmVersion]);
  return image;
}

/**
 * `buildah bud` with the machine's npm TLS settings for the build's RUN steps (a CA file, where
 * npm has one: these machines reach the registry through a proxy with its own CA), never committed
 * into a layer.
 */
async function buildImage(baseImage: string, work: string): Promise<void> {
  const mounts: string[] = [];
  const cafile = (await run('npm', ['config', 'get', 'cafile'])).trim();
  if (cafile && cafile !== 'null' && existsSync(cafile)) {
    const npmrc = join(work, 'npmrc');
    await writeFile(npmrc, `cafile=${cafile}\n`);
    mounts.push('--volume', `${npmrc}:/usr/local/etc/npmrc:ro`, '--volume', `${cafile}:${cafile}:ro`);
  }
  await run('buildah', [
    'bud',
    '--isolation',
    'chroot',
    '--format',
    'docker',
    '--layers',
    // The web app's stage and the dependencies' stage build side by side.
    '--jobs',
    '2',
    '--quiet',
    '--build-arg',
    `BASE_IMAGE=${baseImage}`,
    ...mounts,
    '--tag',
    IMAGE,
    '--file',
    join(ROOT, 'Containerfile'),
    ROOT,
  ]);
}

/** A data directory for the image's user. */
async function dataDirectory(work: string, name: string): Promise<string> {
  const path = join(work, name);
  await run('mkdir', ['-p', path]);
  await chown(path, IMAGE_USER_ID, IMAGE_USER_ID);
  return path;
}

async function main(): Promise<void> {
  const missing = [];
  for (const command of ['buildah', 'mmdebstrap']) if (!(await has(command))) missing.push(command);
  if (missing.length > 0) {
    console.log(
      `test:image skipped: ${missing.join(' and ')} not installed (Debian: apt-get install buildah mmdebstrap; scripts/ensure-image-tools.sh does it as root)`,
    );
    return;
  }
  const started = performance.now();
  const work = await mkdtemp(join(tmpdir(), 'switchboard-image-'));
  const containers: RunningContainer[] = [];
  const suffix = randomBytes(4).toString('hex');
  const schema = `sb_image_${suffix}`;
  try {
    const baseImage = await phase('base image', ensureBaseImage);
    await phase('image build', () => buildImage(baseImage, work));
    const inspected = JSON.parse(await run('buildah', ['inspect', '--type', 'image', IMAGE])) as {
      Docker: {
        config: { User?: string; Healthcheck?: { Test: string[] }; Volumes?: Record<string, unknown> };
      };
    };
    const config = inspected.Docker.config;
    const size = (await run('buildah', ['images', '--format', '{{.Size}}', IMAGE])).trim();
    console.log(`image ${IMAGE}: ${size} (base ${baseImage})`);

    await check('runs as a non-root user, with /data as a volume and a HEALTHCHECK on /health', async () => {
      expect(config.User === 'switchboard', `user is ${config.User}`);
      expect(config.Volumes && '/data' in config.Volumes, 'no /data volume');
      expect(config.Healthcheck?.Test.join(' ').includes('/health'), 'no HEALTHCHECK on /health');
    });

    // One gateway with the image's defaults (0.0.0.0, PGlite in /data) and what a team must set.
    const adminKey = `sk-${randomBytes(16).toString('hex')}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const data = await dataDirectory(work, 'data');
    const single = {
      image: IMAGE,
      env: { PORT: String(port), SWITCHBOARD_ADMIN_KEY: adminKey, SWITCHBOARD_ALLOWED_HOSTS: '127.0.0.1' },
      volumes: [`${data}:/data`],
    };
    let conversation = '';
    await phase('single gateway', async () => {
      const gateway = await startContainer({ ...single, name: `switchboard-test-${suffix}-a` });
      containers.push(gateway);
      await waitForOk(`${base}/health`, gateway);
      await check('the gateway process runs as the image user', async () => {
        const pid = gateway.mainPid();
        expect(pid !== undefined && userOf(pid) === IMAGE_USER_ID, `runs as uid ${pid && userOf(pid)}`);
      });
      await check('the HEALTHCHECK command passes inside the container', async () => {
        const [kind, ...command] = config.Healthcheck?.Test ?? [];
        expect(kind === 'CMD', `HEALTHCHECK is ${kind}`);
        await gateway.exec(command);
      });
      await check('/ready answers 200 ready', async () => {
        const response = await fetch(`${base}/ready`);
        expect(response.status === 200, `status ${response.status}`);
      });
      await check('a chat turn with the offline planner answers and shows a widget', async () => {
        const { id, reply } = await askInNewConversation(base, adminKey, 'what is 5 plus 3');
        expect(reply.stop_reason === 'end_turn', `stop_reason ${reply.stop_reason}`);
        const canvas = await api(base, adminKey, `/conversations/${id}/canvas`);
        expect(JSON.stringify(canvas.items).includes('8'), `canvas ${JSON.stringify(canvas.items)}`);
        conversation = id;
      });
      await check('/mcp lists tools to an MCP client with the API key', async () => {
        const client = new Client({ name: 'image-test', version: '1.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport(new URL('/mcp', base), {
            requestInit: { headers: { authorization: `Bearer ${adminKey}` } },
          }),
        );
        try {
          const { tools } = await client.listTools();
          expect(tools.length > 0, 'no tools');
        } finally {
          await client.close();
        }
      });
      await check('SIGTERM ends the gateway cleanly (exit 0)', async () => {
        const code = await stopWithSigterm(gateway);
        expect(code === 0, `exit code ${code}:\n${gateway.output().slice(-2000)}`);
      });
    });

    await phase('restart', async () => {
      const restarted = await startContainer({ ...single, name: `switchboard-test-${suffix}-b` });
      containers.push(restarted);
      await waitForOk(`${base}/health`, restarted);
      await check('a new container on the same /data keeps the conversation', async () => {
        expect(conversation !== '', 'no conversation from the first run');
        const { items } = await api(base, adminKey, `/conversations/${conversation}/messages`);
        const texts = items.map((message: { content: string }) => message.content);
        expect(texts.includes('what is 5 plus 3'), `messages: ${JSON.stringify(texts)}`);
      });
      await stopWithSigterm(restarted);
    });

    await phase('compose replicas', async () => {
      const variables = {
        SWITCHBOARD_ADMIN_KEY: adminKey,
        SWITCHBOARD_SECRET_KEY: randomBytes(32).toString('base64'),
        POSTGRES_PASSWORD: 'unused-here',
      };
      const services = readComposeServices(join(ROOT, 'compose.yaml'), variables);
      const gateways = services.filter((service) => service.build?.dockerfile === 'Containerfile');
      await check(
        'compose.yaml runs two gateway replicas of this image beside PostgreSQL and Redis',
        async () => {
          expect(gateways.length === 2, `${gateways.length} gateway services`);
          expect(
            gateways.every((service) =>
              ['postgres', 'redis'].every((name) => service.dependsOn.includes(name)),
            ),
            'gateways do not depend on postgres and redis',
          );
          const names = services.map((service) => service.name);
          expect(names.includes('postgres') && names.includes('redis'), `services ${names.join(', ')}`);
        },
      );
      // Compose's network names (postgres, redis) become the machine's own servers; each replica
      // gets a free port on the host network and a schema and Redis prefix of this run.
      const replicas = await Promise.all(
        gateways.map(async (service) => {
          const replicaPort = await freePort();
          const container = await startContainer({
            image: IMAGE,
            name: `switchboard-test-${suffix}-${service.name}`,
            command: service.command,
            env: {
              ...service.environment,
              DATABASE_URL,
              REDIS_URL,
              SWITCHBOARD_DB_SCHEMA: schema,
              SWITCHBOARD_REDIS_PREFIX: `switchboard-image-${suffix}:`,
              PORT: String(replicaPort),
            },
            volumes: [...service.binds, `${await dataDirectory(work, service.name)}:/data`],
          });
          containers.push(container);
          return { service, container, base: `http://127.0.0.1:${replicaPort}` };
        }),
      );
      // One replica migrates the schema while the other waits for the lock.
      await Promise.all(replicas.map(({ base: url, container }) => waitForOk(`${url}/ready`, container)));
      await check(
        'both replicas are ready, on PostgreSQL with Redis and the mounted configuration',
        async () => {
          for (const { container, service } of replicas) {
            const output = container.output();
            expect(output.includes('"database":"postgres"'), `${service.name} is not on PostgreSQL`);
            expect(output.includes('gateway bus: Redis'), `${service.name} does not use Redis:\n${output}`);
          }
          const config = JSON.parse(await readFile(join(ROOT, 'deploy/switchboard.json'), 'utf8'));
          const policy = await api(replicas[0].base, adminKey, '/policy');
          expect(
            JSON.stringify(policy).includes(config.approvalPolicy.rules[0].match),
            `policy ${JSON.stringify(policy)}`,
          );
        },
      );
      await check('a conversation started on one replica continues on the other', async () => {
        const [first, second] = replicas;
        const { id } = await askInNewConversation(first.base, adminKey, 'what is 5 plus 3');
        await api(second.base, adminKey, `/conversations/${id}/chat`, {
          content: 'store hello under greeting',
        });
        const { items } = await api(first.base, adminKey, `/conversations/${id}/messages`);
        const texts = items.map((message: { content: string }) => message.content);
        expect(
          texts.includes('what is 5 plus 3') && texts.includes('store hello under greeting'),
          `messages ${JSON.stringify(texts)}`,
        );
      });
      await check('SIGTERM ends both replicas cleanly (exit 0)', async () => {
        const codes = await Promise.all(replicas.map(({ container }) => stopWithSigterm(container)));
        expect(
          codes.every((code) => code === 0),
          `exit codes ${codes.join(', ')}`,
        );
      });
    });
  } catch (error) {
    failed++;
    console.log(`FAIL image test: ${(error as Error).message}`);
  } finally {
    await Promise.all(containers.map((container) => container.remove()));
    await dropSchema(schema);
    await rm(work, { recursive: true, force: true });
    timings.push(['total', (performance.now() - started) / 1000]);
    console.log(`times: ${timings.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ')}`);
    console.log(`image: ${passed} passed, ${failed} failed`);
    if (failed > 0) process.exitCode = 1;
  }
}

/** Drops this run's schema from the machine's PostgreSQL, if it was made. */
async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  try {
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } catch {
    // No PostgreSQL: the replicas could not have made it either.
  } finally {
    await client.end().catch(() => undefined);
  }
}

await main();
