#!/usr/bin/env node
/**
 * The `switchboard` command:
 *
 *   switchboard serve [--config FILE] [--port PORT] [--host HOST] [--data-dir DIR]
 *   switchboard chat [--conversation ID]
 *   switchboard call SERVER TOOL [--args JSON]
 *   switchboard servers
 *   switchboard servers authorize SERVER
 *   switchboard tools SERVER
 *   switchboard mcp [--mode discovery|aggregate]
 *
 * `serve` reads its configuration file from --config, else SWITCHBOARD_CONFIG (a file mounted in a
 * container, say). Client commands talk to a running gateway: --url (or SWITCHBOARD_URL, default
 * http://127.0.0.1:8787) with --key (or SWITCHBOARD_API_KEY; for an open gateway on loopback, the
 * token in --data-dir or SWITCHBOARD_DATA_DIR, default .data/switchboard).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { localTokenFor } from './auth/local-token.ts';
import { authorizeServer } from './cli/authorize-server.ts';
import { chat } from './cli/chat-command.ts';
import { callTool, listServers, listTools } from './cli/client-commands.ts';
import { drainTimeFrom } from './cli/drain-time.ts';
import { firstRunBanner } from './cli/first-run-banner.ts';
import { gatewayClient } from './cli/gateway-client.ts';
import { LineReader } from './cli/line-reader.ts';
import { bridgeStdioToGateway } from './cli/mcp-bridge.ts';
import { serve } from './cli/serve-command.ts';

const USAGE = `Usage:
  switchboard serve [--config FILE] [--port PORT] [--host HOST] [--data-dir DIR]
  switchboard chat [--conversation ID] [--url URL] [--key KEY]
  switchboard call SERVER TOOL [--args JSON] [--url URL] [--key KEY]
  switchboard servers [--url URL] [--key KEY]
  switchboard servers authorize SERVER [--url URL] [--key KEY]
  switchboard tools SERVER [--url URL] [--key KEY]
  switchboard mcp [--mode discovery|aggregate] [--url URL] [--key KEY]   (MCP over stdio, for MCP clients)`;

function fail(message: string): never {
  process.stderr.write(`switchboard: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function readArguments() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        url: { type: 'string' },
        key: { type: 'string' },
        conversation: { type: 'string' },
        args: { type: 'string' },
        mode: { type: 'string' },
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
const [command, ...rest] = positionals;
const expectArguments = (count: number, names: string) => {
  if (rest.length !== count) fail(`${command} takes ${names || 'no arguments'}`);
};
const gatewayUrl = values.url ?? process.env.SWITCHBOARD_URL ?? 'http://127.0.0.1:8787';
const gatewayKey = () =>
  values.key ??
  process.env.SWITCHBOARD_API_KEY ??
  localTokenFor(gatewayUrl, values['data-dir'] ?? process.env.SWITCHBOARD_DATA_DIR ?? '.data/switchboard');
const client = () => gatewayClient(gatewayUrl, gatewayKey());

try {
  switch (command) {
    case 'serve': {
      expectArguments(0, '');
      const port = values.port === undefined ? undefined : Number(values.port);
      if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65_535))
        fail(`--port needs a port number, got '${values.port}'`);
      const drainMs = drainTimeFrom(process.env);
      const serving = await serve({
        config: values.config ?? (process.env.SWITCHBOARD_CONFIG || undefined),
        port,
        host: values.host,
        dataDir: values['data-dir'],
      });
      process.stderr.write(`Switchboard is listening on ${serving.url}\n`);
      process.stderr.write(firstRunBanner({ ...serving, url: serving.openUrl }));
      const stop = async (drain: number) => {
        await serving.close({ drainMs: drain });
        process.exit(0);
      };
      // Ctrl-C stops at once; SIGTERM (a container stopping) lets running turns finish first.
      process.once('SIGINT', () => stop(0));
      process.once('SIGTERM', () => stop(drainMs));
      break;
    }
    case 'chat': {
      expectArguments(0, '');
      const lines = new LineReader(
        createInterface({ input: process.stdin, terminal: process.stdin.isTTY }),
        process.stdout,
      );
      await chat(client(), { lines, out: process.stdout }, values.conversation);
      lines.close();
      break;
    }
    case 'call':
      expectArguments(2, 'SERVER TOOL');
      if (!(await callTool(client(), rest[0], rest[1], values.args, process.stdout))) process.exitCode = 1;
      break;
    case 'servers':
      if (rest[0] === 'authorize') {
        expectArguments(2, 'authorize SERVER');
        if (!(await authorizeServer(client(), rest[1], process.stdout))) process.exitCode = 1;
        break;
      }
      expectArguments(0, '');
      await listServers(client(), process.stdout);
      break;
    case 'mcp': {
      expectArguments(0, '');
      if (values.mode !== undefined && values.mode !== 'discovery' && values.mode !== 'aggregate')
        fail(`--mode is discovery or aggregate, got '${values.mode}'`);
      const bridge = await bridgeStdioToGateway({
        url: gatewayUrl,
        key: gatewayKey(),
        mode: values.mode,
        errors: process.stderr,
      });
      await bridge.closed;
      break;
    }
    case 'tools':
      expectArguments(1, 'SERVER');
      await listTools(client(), rest[0], process.stdout);
      break;
    default:
      fail(command ? `unknown command '${command}'` : 'name a command');
  }
} catch (error) {
  process.stderr.write(`switchboard: ${(error as Error).message}\n`);
  process.exit(1);
}
