import type { ReportPatch } from './report-patch.ts';
import type { IrNode } from './schema-ir.ts';

/** What the reader of one kind of schema node (object, array) needs from the schema reader around it. */
export interface SchemaNodeReader {
  /** Reports a lossy change. */
  report: ReportPatch;
  /** Reads a nested schema found at `path` (same root document, same chain of `$ref`s being inlined). */
  readChild(raw: unknown, path: string): IrNode;
}
