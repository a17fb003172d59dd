// What the import reader yields for each record of a file: below both readers (NDJSON in
// import-read.ts, arrays in import-array.ts), so neither imports the other for its types.

/** A record of the import file with where it is, for error messages: "line 12" or "line 3 (index 2)". */
export interface Located {
  at: string;
  /** Its ordinal in the file (line or index number), to keep errors in file order. */
  n: number;
  value: unknown;
}

/** Text that is not JSON, with where it goes wrong: "line 12, column 5". */
export interface Unreadable {
  at: string;
  n: number;
  error: string;
}
