import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.ts';

describe('createLogger', () => {
  it('writes JSON lines and never writes API keys, tokens or server credentials', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger({ level: 'info', destination });
    logger.info(
      {
        apiKey: 'sk-secret-1',
        user: { api_key: 'sk-secret-2' },
        headers: { authorization: 'Bearer sk-secret-3' },
        server: {
          transport: { headers: { authorization: 'Bearer sk-secret-4' }, env: { TOKEN: 'sk-secret-5' } },
        },
        conversationId: 'conv_1',
      },
      'turn saved',
    );
    const text = lines.join('');
    expect(JSON.parse(text)).toMatchObject({ msg: 'turn saved', conversationId: 'conv_1' });
    expect(text).not.toMatch(/sk-secret/);
  });
});
