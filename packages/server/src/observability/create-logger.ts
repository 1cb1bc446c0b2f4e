import { type Logger, pino } from 'pino';

/** Paths whose values never reach the logs (API keys, tokens, server credentials). */
export const REDACTED_PATHS = [
  'apiKey',
  'api_key',
  '*.apiKey',
  '*.api_key',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'transport.headers',
  'transport.env',
  '*.transport.headers',
  '*.transport.env',
  'password',
  '*.password',
  'token',
  '*.token',
];

/**
 * The gateway's structured logger (JSON lines, pino) with secrets redacted. `level: 'silent'` turns
 * logging off (tests); `destination` is a file descriptor or stream (default stdout).
 */
export function createLogger(options: { level?: string; destination?: NodeJS.WritableStream } = {}): Logger {
  return pino(
    {
      name: 'switchboard',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    options.destination as Parameters<typeof pino>[1],
  );
}
