import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { Locale } from "../locales.ts";
import { summaryLocation } from "./location.ts";
import { expertFieldValues, type StoredFields, storedFieldColumns } from "./shape.ts";
import type { ExpertUrls } from "./urls.ts";

export { translatedTexts } from "./shape.ts";

export type ExpertSummary = components["schemas"]["ExpertSummary"];
export type { Locale };
type Location = components["schemas"]["Location"];

/**
 * What summaryColumns selects: the stored fields of an expert (shape.ts), the location's parts
 * (its display is worded per locale) and the id.
 */
export type SummaryRow = StoredFields & Omit<Location, "display"> & { id: string };

/**
 * The columns of an ExpertSummary for rows of `experts e`, with the texts of `locale` and English
 * where that locale has none. Callers add `translatedTexts` to their FROM clause.
 */
export function summaryColumns(sql: Sql) {
  return sql`e.id, ${storedFieldColumns(sql)}, e.city, e.state_code, e.country_code`;
}

export function toExpertSummary(row: SummaryRow, locale: Locale, urls: ExpertUrls): ExpertSummary {
  return expertFieldValues(row, urls, summaryLocation(row, locale));
}
