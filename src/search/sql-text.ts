import type { PendingQuery, Row } from "postgres";
import type { Sql } from "../db/connect.ts";

type Fragment = PendingQuery<Row[]>;

/**
 * A part of a statement written as text with its values between, made into one postgres.js
 * fragment at the end. A search's score and match columns are a CASE per alternative level of
 * every group: written as nested sql`` fragments they were ~60 fragments (each a Query object)
 * and ~40 numeric parameters a statement, each typed, described and bound by postgres.js. Here
 * the constants (scores, weights, bits: numbers this code computes, never text from a request)
 * are written into the text as typed literals, `'0.45'::float8` (PostgreSQL reads a quoted literal
 * with float8in, as it reads a parameter's text, so the values are the same doubles); text from
 * `q` (tsquery texts, LIKE patterns) stays a parameter.
 */
export class SqlText {
  private readonly texts: string[] = [""];
  private readonly values: unknown[] = [];

  /** SQL written by this code (never text from a request). */
  text(sql: string): this {
    this.texts[this.texts.length - 1] += sql;
    return this;
  }

  /** A value sent as a parameter (postgres.js numbers it), or a fragment included as it is. */
  value(value: unknown): this {
    this.values.push(value);
    this.texts.push("");
    return this;
  }

  /** A finite number written into the text as a literal of `type`. */
  number(n: number, type: "float8" | "int"): this {
    if (!Number.isFinite(n) || (type === "int" && !Number.isInteger(n))) throw new Error(`not a ${type} literal: ${n}`);
    return this.text(`'${n}'::${type}`);
  }

  /**
   * The text and values as one fragment of `sql`'s statements. Made from one fixed template, its
   * strings and values then replaced (the fields postgres.js writes a fragment from): postgres.js
   * keeps an Error per template's strings array, by identity and forever (query.js cachedError,
   * the origin of its errors), so an array made per fragment would grow that map by one every search.
   */
  fragment(sql: Sql): Fragment {
    const fragment = sql`${null}`;
    return Object.assign(fragment, { strings: this.texts, args: this.values });
  }
}
