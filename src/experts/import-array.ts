import { jsonSyntaxFault, positionIn } from "./json-syntax.ts";
import type { Located, Unreadable } from "./import-record.ts";

const isSpace = (c: string) => c === " " || c === "\n" || c === "\t" || c === "\r";

/** "line 12, column 5": where a syntax error is, as an editor shows it. */
export const syntaxAt = (line: number, column: number) => `line ${line}, column ${column}`;

/** The problem of a text that is not JSON, placed in the file: `text` starts at line, column. */
export function unreadable(text: string, n: number, line: number, column: number, parseError: unknown): Unreadable {
  const fault = jsonSyntaxFault(text) ?? { offset: 0, message: (parseError as Error).message };
  const at = positionIn(text, fault.offset, line, column);
  return { at: syntaxAt(at.line, at.column), n, error: `not valid JSON: ${fault.message}` };
}

/**
 * Reads a JSON array file record by record as it streams, so an array file is read in constant
 * memory as NDJSON is, and one record that is not JSON is one problem among the others: the
 * scanner finds where each record ends by its brackets and strings alone (a top-level comma or the
 * closing `]`), and each record is parsed on its own. A string is taken to end at its line's end
 * (JSON strings hold no raw line break), so a quote left open costs one record, not the file. A
 * bracket left open swallows the records after it (to the end of the file when no bracket closes
 * it): they are reported as one problem, at the first error in them.
 */
export class ArrayReader {
  /** What ends a run of plain characters in a string: its end, an escape, a line break. */
  private readonly stringStop = /["\\\n]/g;
  private readonly blanks = /[ \t\r]+/y;
  private buffer = "";
  /** Scanning position in buffer, and its line and column in the file. */
  private pos = 0;
  private line = 1;
  private column = 1;
  private started = false;
  private ended = false;
  private closers: string[] = [];
  private inString = false;
  private escaped = false;
  /** The record being read: where it starts in buffer and in the file; null between records. */
  private record: { start: number; line: number; column: number } | null = null;
  /** A comma seen after the last record, with where it was (for a record missing after it). */
  private comma: { line: number; column: number } | null = null;
  private index = 0;
  private reportedTrailing = false;

  /** The records (and problems) the text completes. */
  push(text: string): (Located | Unreadable)[] {
    this.buffer += text;
    const out: (Located | Unreadable)[] = [];
    const b = this.buffer;
    for (; this.pos < b.length; this.advance(b[this.pos])) {
      if (this.inString && !this.escaped) {
        // Most of a record is inside strings: jump to the next character that matters there.
        this.stringStop.lastIndex = this.pos;
        const stop = this.stringStop.exec(b);
        const next = stop ? stop.index : b.length;
        this.column += next - this.pos;
        this.pos = next;
        if (!stop) break;
      }
      const c = b[this.pos];
      if (this.ended) {
        if (!isSpace(c) && !this.reportedTrailing) {
          this.reportedTrailing = true;
          out.push({
            at: syntaxAt(this.line, this.column),
            n: this.index,
            error: "not valid JSON: unexpected text after the array's closing ']'",
          });
        }
        continue;
      }
      if (!this.started) {
        if (c === "[") this.started = true;
        continue; // readImport sends only what starts with "[" (after white space)
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === "\\") this.escaped = true;
        else if (c === '"' || c === "\n") this.inString = false;
        continue;
      }
      const depth = this.closers.length;
      if (depth === 0 && (c === "," || c === "]")) {
        if (this.record) out.push(this.finish(this.pos));
        else if (c === "," || this.comma) {
          const at = c === "," ? { line: this.line, column: this.column } : this.comma!;
          out.push({
            at: syntaxAt(at.line, at.column),
            n: this.index,
            error: `not valid JSON: expected a record ${c === "," ? "before" : "after"} ','`,
          });
        }
        this.comma = c === "," ? { line: this.line, column: this.column } : null;
        if (c === "]") this.ended = true;
        continue;
      }
      if (isSpace(c)) {
        // Indentation: jump to the run's last blank (a line break is counted by advance()).
        this.blanks.lastIndex = this.pos;
        if (c !== "\n" && this.blanks.test(b)) {
          this.column += this.blanks.lastIndex - 1 - this.pos;
          this.pos = this.blanks.lastIndex - 1;
        }
        continue;
      }
      this.record ??= { start: this.pos, line: this.line, column: this.column };
      if (c === '"') this.inString = true;
      else if (c === "{") this.closers.push("}");
      else if (c === "[") this.closers.push("]");
      else if (c === this.closers.at(-1)) this.closers.pop();
    }
    // Keep only the record being read.
    const keep = this.record ? this.record.start : this.pos;
    this.buffer = b.slice(keep);
    this.pos -= keep;
    if (this.record) this.record.start = 0;
    return out;
  }

  /** What is left at the end of the file: an unfinished record, an array never closed. */
  end(): (Located | Unreadable)[] {
    const out: (Located | Unreadable)[] = [];
    const unfinished = this.record ? this.finish(this.buffer.length) : null;
    if (unfinished) out.push(unfinished);
    if (!this.ended && (!unfinished || "value" in unfinished)) {
      out.push({
        at: syntaxAt(this.line, this.column),
        n: this.index,
        error: "not valid JSON: the array is not closed: expected ']' at the end of the file",
      });
    }
    return out;
  }

  private finish(end: number): Located | Unreadable {
    const { start, line, column } = this.record!;
    const text = this.buffer.slice(start, end);
    const n = this.index++;
    this.record = null;
    this.closers = [];
    this.inString = false;
    try {
      return { at: `line ${line} (index ${n})`, n, value: JSON.parse(text) as unknown };
    } catch (error) {
      return unreadable(text, n, line, column, error);
    }
  }

  private advance(c: string) {
    this.pos++;
    if (c === "\n") {
      this.line++;
      this.column = 1;
    } else this.column++;
  }
}
