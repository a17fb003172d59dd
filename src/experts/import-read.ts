import { open } from "node:fs/promises";

/** A record of the import file with where it is, for error messages: "line 12" or "index 3". */
export interface Located {
  at: string;
  /** Its ordinal in the file (line or index number), to keep errors in file order. */
  n: number;
  value: unknown;
}

/** A line that is not JSON, or a JSON array file that does not parse ("file"). */
export interface Unreadable {
  at: string;
  n: number;
  error: string;
}

const notJson = (error: unknown) => `not valid JSON: ${(error as Error).message}`;

/**
 * A file's bytes, 1 MB at a time into one buffer, read only when the reader asks for more. (A
 * `Bun.file().stream()` reads ahead of a slow consumer: measured, it held the whole file.)
 */
export async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const file = await open(path);
  const buffer = new Uint8Array(1 << 20);
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * Reads an import file as it streams: NDJSON one line at a time, so a file of any size is read in
 * constant memory. A JSON array (the file's first character is `[`) is parsed whole, as it cannot
 * be read record by record without a parser of our own; NDJSON is the format for big files.
 */
export async function* readImport(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Located | Unreadable> {
  const decoder = new TextDecoder();
  let pending = "";
  let line = 0;
  let form: "ndjson" | "array" | undefined;
  const lines = function* (text: string) {
    for (const raw of text.split("\n")) {
      line++;
      if (raw.trim() === "") continue;
      try {
        yield { at: `line ${line}`, n: line, value: JSON.parse(raw) as unknown };
      } catch (error) {
        yield { at: `line ${line}`, n: line, error: notJson(error) };
      }
    }
  };
  for await (const chunk of stream) {
    pending += decoder.decode(chunk, { stream: true });
    form ??= pending.trimStart() === "" ? undefined : pending.trimStart().startsWith("[") ? "array" : "ndjson";
    if (form !== "ndjson") continue;
    const end = pending.lastIndexOf("\n");
    if (end < 0) continue;
    yield* lines(pending.slice(0, end));
    pending = pending.slice(end + 1);
  }
  pending += decoder.decode();
  if (form !== "array") {
    yield* lines(pending);
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(pending.trimStart());
  } catch (error) {
    yield { at: "file", n: 0, error: notJson(error) };
    return;
  }
  for (const [i, value] of (parsed as unknown[]).entries()) yield { at: `index ${i}`, n: i, value };
}
