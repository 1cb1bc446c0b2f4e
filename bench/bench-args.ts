/** Reads `--name value` pairs from the command line (the form every benchmark takes). */
export function readArgs(argv: string[] = process.argv.slice(2)): Map<string, string> {
  const args = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (!arg.startsWith('--')) continue;
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) args.set(arg.slice(2), 'true');
    else {
      args.set(arg.slice(2), next);
      index++;
    }
  }
  return args;
}

/** Prints rows as an aligned plain-text table. */
export function printTable(rows: Array<Record<string, string | number>>): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const cells = rows.map((row) => columns.map((column) => String(row[column])));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((row) => row[index].length)),
  );
  const line = (values: string[]) => values.map((value, index) => value.padEnd(widths[index])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of cells) console.log(line(row));
}

/** Writes the benchmark's JSON when `--json FILE` was given. */
export async function writeJsonIfAsked(args: Map<string, string>, data: unknown): Promise<void> {
  const file = args.get('json');
  if (!file || file === 'true') return;
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  console.log(`\nwrote ${file}`);
}
