import type { PendingQuery, Row } from "postgres";

/**
 * Sends `query` as an *unnamed* prepared statement, which PostgreSQL plans with its parameter
 * values at every execution (a custom plan), whatever `plan_cache_mode` says for named ones.
 *
 * Why only some statements: a named statement is planned generically once PostgreSQL judges the
 * generic plan no dearer than the custom ones (after 5 executions). For a lookup by slug that is
 * what we want: the plan is the same for every value and planning it anew each time cost more
 * than running it (profile: 0.63 ms planning, 0.15 ms executing). For a search it is dangerous:
 * the generic plan of `like $1` or `@@ $1::tsquery` cannot see how selective the pattern is and
 * walked the whole rating index (218 ms instead of 0.2 ms at 100k experts). So the search
 * statements, and only they, go through here; the rest stay named and may go generic.
 *
 * postgres.js has no per-query option for tagged templates; its statement builder reads
 * `query.options.prepare` (as `sql.unsafe(text, args, { prepare: false })` sets it), so it is
 * set here, before the query is first awaited.
 *
 * The values themselves are written into the statement as literals (inlineValues): postgres.js
 * sends an unnamed statement with parameters in two round trips (Parse and Describe, then, with
 * the parameters' types, Bind and Execute), and one without parameters in one. A custom plan is
 * planned with the values as constants either way, so the plan is the same; test/search-plans.test.ts
 * proves the search statements never become named (and so never generic) statements.
 */
export function plannedWithValues<T extends Row[]>(query: PendingQuery<T>): PendingQuery<T> {
  (query as unknown as { options: { prepare?: boolean } }).options.prepare = false;
  inlineValues(query as unknown as Template, new Set());
  return query;
}

/** What postgres.js writes a tagged query or fragment from: the template's strings with its values between. */
interface Template {
  strings: readonly string[];
  args: unknown[];
}

const isTemplate = (value: unknown): value is Template =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as Template).strings) &&
  Array.isArray((value as Template).args);

/**
 * A value as the literal PostgreSQL reads to the same value, or null to leave it a parameter. A
 * string is dollar-quoted ($$…$$, read as written) when it holds no `$`, else an escape string
 * (E'…', its backslashes and quotes doubled: read alike whatever standard_conforming_strings
 * says); a number is the text postgres.js would send (`'' + x`),
 * quoted: both of type unknown, as an untyped parameter is, so PostgreSQL gives them the type the
 * context wants, as it did the parameter. A string holding NUL (which no statement text can) and
 * every other value (arrays, booleans, dates) stay parameters.
 */
function literal(value: unknown): string | null {
  if (typeof value === "string") {
    if (value.includes("\0")) return null;
    // Without a `$` in it (every tsquery text a search writes), dollar-quoted: read as written, nothing to escape.
    if (!value.includes("$")) return `$$${value}$$`;
    return `E'${value.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
  }
  if (typeof value === "number" && Number.isFinite(value)) return `'${value}'`;
  return null;
}

/**
 * `template`'s values written into its strings where literal() can, in it and in the fragments it
 * holds (each fragment once: a fragment used twice is the same object). A fragment's strings are
 * replaced, never changed: they are a template literal's, shared by every call of that line.
 */
function inlineValues(template: Template, seen: Set<Template>) {
  if (seen.has(template)) return;
  seen.add(template);
  const strings = [template.strings[0]];
  const args: unknown[] = [];
  template.args.forEach((value, i) => {
    const text = literal(value);
    if (text !== null) {
      strings[strings.length - 1] += text + template.strings[i + 1];
      return;
    }
    if (isTemplate(value)) inlineValues(value, seen);
    else if (Array.isArray(value) && isTemplate(value[0])) for (const v of value) inlineValues(v as Template, seen);
    args.push(value);
    strings.push(template.strings[i + 1]);
  });
  template.strings = strings;
  template.args = args;
}
