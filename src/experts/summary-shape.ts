import type { ResultShape } from "../search/deps.ts";
import { type SummaryRow, summaryColumns, toExpertSummary, translatedTexts } from "./summary.ts";
import type { ExpertUrls } from "./urls.ts";

/** The expert's summary as search selects and writes it (src/search/deps.ts), its URLs from `urls`. */
export function summaryShape(urls: ExpertUrls): ResultShape<SummaryRow> {
  return {
    columns: summaryColumns,
    texts: translatedTexts,
    present: (row, locale) => toExpertSummary(row, locale, urls),
    base: urls.base,
  };
}
