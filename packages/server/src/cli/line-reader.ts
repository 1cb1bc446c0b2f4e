import type { Interface } from 'node:readline';

/**
 * Reads lines one at a time with a prompt, keeping lines that arrive before they are asked for
 * (piped input arrives all at once). `next` resolves undefined once the input has ended.
 */
export class LineReader {
  readonly #lines: string[] = [];
  readonly #readline: Interface;
  readonly #out: NodeJS.WritableStream;
  #closed = false;
  #waiting?: (line: string | undefined) => void;

  constructor(readline: Interface, out: NodeJS.WritableStream) {
    this.#readline = readline;
    this.#out = out;
    readline.on('line', (line) => {
      if (this.#waiting) {
        const waiting = this.#waiting;
        this.#waiting = undefined;
        waiting(line);
      } else {
        this.#lines.push(line);
      }
    });
    readline.on('close', () => {
      this.#closed = true;
      this.#waiting?.(undefined);
      this.#waiting = undefined;
    });
  }

  /** Shows `prompt` and resolves with the next line. */
  next(prompt: string): Promise<string | undefined> {
    this.#out.write(prompt);
    const queued = this.#lines.shift();
    if (queued !== undefined) {
      if (!process.stdin.isTTY) this.#out.write(`${queued}\n`);
      return Promise.resolve(queued);
    }
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }

  close(): void {
    this.#readline.close();
  }
}
