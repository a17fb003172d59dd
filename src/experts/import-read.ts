import { ArrayReader, unreadable } from "./import-array.ts";
import { open } from "node:fs/promises";
import type { Located, Unreadable } from "./import-record.ts";

export type { Located, Unreadable } from "./import-record.ts";

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
 * Reads an import file as it streams, in constant memory: NDJSON one line at a time, a JSON array
 * (the file's first character is `[`) one element at a time (import-array.ts). A record that is
 * not JSON is one problem among the others, with its line and column; the reading goes on.
 */
export async function* readImport(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Located | Unreadable> {
  const decoder = new TextDecoder();
  let pending = "";
  let line = 0;
  let array: ArrayReader | undefined;
  const lines = function* (text: string) {
    for (const raw of text.split("\n")) {
      line++;
      if (raw.trim() === "") continue;
      try {
        yield { at: `line ${line}`, n: line, value: JSON.parse(raw) as unknown };
      } catch (error) {
        yield unreadable(raw, line, line, 1, error);
      }
    }
  };
  for await (const chunk of stream) {
    const text = decoder.decode(chunk, { stream: true });
    if (array) {
      yield* array.push(text);
      continue;
    }
    pending += text;
    if (line === 0 && pending.trimStart() === "") continue;
    if (line === 0 && pending.trimStart().startsWith("[")) {
      array = new ArrayReader();
      yield* array.push(pending);
      pending = "";
      continue;
    }
    const end = pending.lastIndexOf("\n");
    if (end < 0) continue;
    yield* lines(pending.slice(0, end));
    pending = pending.slice(end + 1);
  }
  const rest = decoder.decode();
  if (array) {
    yield* array.push(rest);
    yield* array.end();
    return;
  }
  pending += rest;
  if (pending.trimStart().startsWith("[") && line === 0) {
    array = new ArrayReader();
    yield* array.push(pending);
    yield* array.end();
    return;
  }
  yield* lines(pending);
}
