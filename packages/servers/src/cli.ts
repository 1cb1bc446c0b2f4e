#!/usr/bin/env node
/**
 * Runs one of the servers Switchboard ships:
 *
 *   node packages/servers/src/cli.ts <shop|open-data|calculator-storage> [--http PORT] [--host HOST] [--data-dir DIR]
 *
 * Without --http it speaks MCP over stdin/stdout; with --http it serves Streamable HTTP at
 * http://HOST:PORT/mcp (HOST defaults to 127.0.0.1). Logs go to stderr.
 */
import { parseArgs } from 'node:util';
import { serveHttp } from './launcher/serve-http.ts';
import { serveStdio } from './launcher/serve-stdio.ts';
import { isShippedServerName, SHIPPED_SERVERS } from './shipped-servers.ts';

const USAGE = `Usage: cli.ts <${Object.keys(SHIPPED_SERVERS).join('|')}> [--http PORT] [--host HOST] [--data-dir DIR]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        http: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
}

const { values, positionals } = readArguments();
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const [name, ...extra] = positionals;
if (!name || extra.length > 0) fail(name ? `Unexpected argument: ${extra.join(' ')}` : 'Name a server.');
if (!isShippedServerName(name)) fail(`Unknown server '${name}'.`);
const port = values.http === undefined ? undefined : Number(values.http);
if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
  fail(`--http needs a port number (0-65535), got '${values.http}'.`);
}

const shipped = await SHIPPED_SERVERS[name]({ dataDir: values['data-dir'] });

const serving =
  port === undefined
    ? serveStdio(shipped.createServer)
    : await serveHttp(shipped.createServer, { port, host: values.host });

/** Closes the transport and the server, then exits. */
async function stop(): Promise<never> {
  await serving.close();
  await shipped.close();
  process.exit(0);
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

if ('url' in serving) process.stderr.write(`${shipped.name} MCP server listening on ${serving.url}\n`);
else await serving.closed.then(stop);
