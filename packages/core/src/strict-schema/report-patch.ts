/** Reports a change the sanitizer had to make: where, what was wrong, what was done. */
export type ReportPatch = (path: string, problem: string, fix: string) => void;
