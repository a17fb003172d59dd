/**
 * Where a text JSON.parse refused goes wrong, and what was expected there. Bun's JSON.parse says
 * what is wrong ("Expected ':' before value…") but not where; an operator fixing an import file
 * needs the column. Only run on a text that failed to parse, so its speed does not matter.
 */
export interface SyntaxFault {
  /** Offset in the text (UTF-16 code units) of the character where the text stops being JSON. */
  offset: number;
  message: string;
}

/** Deeper than this is refused as JSON.parse would run out of stack; records nest a few levels. */
const MAX_DEPTH = 500;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

class Fault extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** The first syntax error of `text` as one JSON value, or null when it is valid JSON. */
export function jsonSyntaxFault(text: string): SyntaxFault | null {
  let i = 0;
  const found = () => (i >= text.length ? "found the end" : `found ${JSON.stringify(text[i])}`);
  const fail = (message: string, at = i): never => {
    throw new Fault(at, message);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const string = () => {
    const start = i++;
    for (;;) {
      if (i >= text.length) fail("the string that starts here is not closed", start);
      const c = text.charCodeAt(i);
      if (c === 0x22) return void i++;
      if (c === 0x5c) {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) fail('invalid escape in a string (use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)');
        i = ESCAPE.lastIndex;
      } else if (c === 0x0a || c === 0x0d) fail("the string that starts here is not closed on its line", start);
      else if (c < 0x20) fail("a control character in a string must be escaped (\\t, \\u0000 …)");
      else i++;
    }
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) fail(`nested more than ${MAX_DEPTH} levels deep`);
    space();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        space();
        if (close === "}") {
          if (text[i] !== '"') fail(`expected a property name in double quotes, ${found()}`);
          string();
          space();
          if (text[i] !== ":") fail(`expected ':' after the property name, ${found()}`);
          i++;
        }
        value(depth + 1);
        space();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === close) return void i++;
        fail(`expected ',' or '${close}', ${found()}`);
      }
    }
    if (c === '"') {
      string();
      return;
    }
    NUMBER.lastIndex = i;
    if (c === "-" || (c >= "0" && c <= "9")) {
      if (!NUMBER.test(text)) fail("invalid number");
      i = NUMBER.lastIndex;
      return;
    }
    for (const word of ["true", "false", "null"]) {
      if (text.startsWith(word, i)) return void (i += word.length);
    }
    fail(`expected a value, ${found()}`);
  };
  try {
    value(0);
    space();
    if (i < text.length) fail(`unexpected text after the value, ${found()}`);
    return null;
  } catch (error) {
    if (error instanceof Fault) return { offset: error.offset, message: error.message };
    throw error;
  }
}

/** Line and column (both from 1) of an offset in a text whose first character is at `line`, `column`. */
export function positionIn(
  text: string,
  offset: number,
  line: number,
  column: number,
): { line: number; column: number } {
  let lastBreak = -1;
  for (let k = text.indexOf("\n"); k >= 0 && k < offset; k = text.indexOf("\n", k + 1)) {
    line++;
    lastBreak = k;
  }
  return { line, column: lastBreak < 0 ? column + offset : offset - lastBreak };
}
