const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A one-line spinner on a terminal (nothing when the stream is not a TTY). */
export class Spinner {
  readonly #stream: NodeJS.WriteStream;
  #timer?: ReturnType<typeof setInterval>;
  #frame = 0;
  #label = '';

  constructor(stream: NodeJS.WriteStream = process.stderr) {
    this.#stream = stream;
  }

  start(label: string): void {
    this.stop();
    if (!this.#stream.isTTY) return;
    this.#label = label;
    this.#timer = setInterval(() => {
      this.#stream.write(`\r${FRAMES[this.#frame++ % FRAMES.length]} ${this.#label}`);
    }, 80);
  }

  stop(): void {
    if (!this.#timer) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stream.write(`\r${' '.repeat(this.#label.length + 2)}\r`);
  }
}
