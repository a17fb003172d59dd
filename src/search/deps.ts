import type { PendingQuery, Row } from "postgres";
import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { Locale } from "./search-query.ts";
import type { SearchStores } from "./stores.ts";

type Fragment = PendingQuery<Row[]>;
type ExpertSummary = components["schemas"]["ExpertSummary"];

/**
 * How a page's experts are read and written out: the expert's summary, which src/experts/summary.ts
 * owns. Search decides which experts and in what order; the shape decides what each one looks
 * like, so search needs nothing from experts/ (which builds on search's text analysis) and the
 * composition root hands it in (src/experts/summary-shape.ts).
 */
export interface ResultShape<R extends object = object> {
  /** The columns of one expert over `experts e` joined with `texts`. */
  columns(sql: Sql): Fragment;
  /** The joins that give those columns their texts in `locale`. */
  texts(sql: Sql, locale: Locale): Fragment;
  /** One row as the contract's ExpertSummary. */
  present(row: R, locale: Locale): ExpertSummary;
  /** The base of the URLs `present` writes: an answer written for one base is not another's. */
  base(): string;
}

/** What a search runs with: the app's database, its caches, the directory version and the expert's shape. */
export interface SearchDeps {
  sql: Sql;
  stores: SearchStores;
  /** The directory version as of now (pushed over the shared channel, src/experts/directory-version.ts). */
  version: () => Promise<string>;
  shape: ResultShape;
}
