import type { ArgumentsOf } from "../contract/index.ts";
import { type ExpertSearchResult, type SearchQuery, searchExperts } from "../search/search.ts";
import { MAX_RESULT_WINDOW } from "../search/result-window.ts";
import { LOCALES, localeList } from "../locales.ts";
import { toolSchemas } from "./schemas.ts";
import { contractTool } from "./tool-registry.ts";
import { type ToolReply, toolResult } from "./tool-result.ts";

/** The tool's arguments: REST's search query, with accepting_only for accepting (a switch that only narrows; the contract says so too). */
type SearchArgs = ArgumentsOf<"searchExperts", { accepting: "accepting_only" }>;

/** The tool's arguments as the REST search query they stand for. */
export function toSearchQuery(args: SearchArgs): SearchQuery {
  const { accepting_only, ...query } = args;
  return accepting_only ? { ...query, accepting: true } : query;
}

type Hit = ExpertSearchResult["experts"][number];
type Price = NonNullable<NonNullable<ExpertSearchResult["query_interpretation"]>["price"]>;

/** How one expert matches q, in a line: its score, and the terms it lacks. */
function matchLine(e: Hit): string | null {
  if (!e.match) return null;
  const missing = e.match.unmatched.length ? `; does not match: ${e.match.unmatched.join(", ")}` : "";
  return `   Match ${e.match.score.toFixed(2)}${e.match.terms.length ? ` (${e.match.terms.join(", ")} in ${e.match.fields.join(", ")})` : ""}${missing}`;
}

/** The price bounds read from q, as words. */
function priceWords(p: Price): string {
  const at = (n: number | null) => `$${n}`;
  switch (p.meaning) {
    case "free":
      return "a free service (starting price $0)";
    case "cheap":
      return p.max_usd === null
        ? "cheap (no prices to compare)"
        : `cheap: starting at ${at(p.max_usd)} or less (the cheaper half of these experts)`;
    case "between":
      return `starting between ${at(p.min_usd)} and ${at(p.max_usd)}`;
    case "at_least":
      return `starting at ${at(p.min_usd)} or more`;
    case "at_most":
      return `starting at ${at(p.max_usd)} or less`;
  }
}

/**
 * What match_quality means, said so an agent can tell its user: that nobody fits (the results are
 * only the closest), or that they fit in part.
 */
function qualityLine(result: ExpertSearchResult): string {
  const asked = result.query_interpretation?.terms.join(" ") ?? "";
  if (result.match_quality === "none") {
    return `Nobody in the directory fits "${asked}".${result.experts.length ? " The results below are only the closest, weak matches: tell the user that no expert fits rather than recommending them." : ""}\n`;
  }
  // Said of the whole search (match_quality is judged from its first results), so true on any page.
  if (result.match_quality === "partial")
    return `Nobody fits "${asked}" fully: the best matches fit it only in part (see each one's match).\n`;
  return "";
}

function summaryLine(e: Hit, rank: number): string {
  const facts = [
    e.location.display,
    e.rating !== null ? `rating ${e.rating.toFixed(1)}/5 (${e.review_count} reviews)` : "no rating yet",
    e.starting_price_usd !== null ? `from $${e.starting_price_usd}` : null,
    e.languages_spoken.length ? `speaks ${e.languages_spoken.join(", ")}` : null,
    e.accepting_clients === true
      ? "accepting new clients"
      : e.accepting_clients === false
        ? "not accepting new clients"
        : null,
  ].filter(Boolean);
  return [
    `${rank}. ${e.name}: ${e.title} (slug: ${e.slug})`,
    e.tagline ? `   ${e.tagline}` : null,
    `   ${facts.join(" · ")}`,
    matchLine(e),
    `   Profile: ${e.profile_url}`,
    `   Book: ${e.booking_url}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** How q was read, as a line an agent can repeat to the user ("Searched for: family lawyer, lyon (Lyon, FR)."). */
function readAs(result: ExpertSearchResult): string {
  const qi = result.query_interpretation;
  if (!qi) return "";
  const recognized = [
    ...qi.recognized.categories,
    ...qi.recognized.subcategories,
    ...qi.recognized.cities,
    ...qi.recognized.regions,
    ...qi.recognized.countries,
    ...qi.recognized.languages.map((l) => `speaks ${l}`),
  ];
  const corrections = qi.corrections.map((c) => `"${c.from}" read as "${c.to}"`);
  return [
    `Searched for: ${qi.terms.join(", ") || "(nothing searchable)"}`,
    recognized.length ? ` (recognised: ${recognized.join(", ")})` : "",
    corrections.length ? `; ${corrections.join(", ")}` : "",
    qi.price ? `; price: ${priceWords(qi.price)}` : "",
    ".\n",
  ].join("");
}

/** The ranked list as text: one block per expert with the links a user can open. */
export function renderSearch(result: ExpertSearchResult): string {
  if (result.total === 0)
    return `${readAs(result)}${qualityLine(result)}No experts match these filters. Try fewer filters or a broader q.`;
  if (result.experts.length === 0)
    return `${result.total} experts match, but page ${result.page} is past the last page. Call again with a lower page.`;
  const first = result.page * result.limit + 1;
  const lines = [
    `${readAs(result)}${qualityLine(result)}${result.total_is_exact ? "" : "More than "}${result.total} expert${result.total === 1 ? "" : "s"} match; showing ${first}-${first + result.experts.length - 1}, best first:`,
    ...result.experts.map((e, i) => summaryLine(e, first + i)),
  ];
  if (result.has_more) lines.push(`More results: call search_experts again with page: ${result.page + 1}.`);
  else if ((result.page + 1) * result.limit < result.total)
    lines.push(
      `This is the last page that can be asked for (only the first ${MAX_RESULT_WINDOW} results are paged): narrow the search with q or filters to see other experts.`,
    );
  lines.push("Call get_expert with a slug for services, prices, weekly availability and contact methods.");
  return lines.join("\n");
}

export const searchExpertsTool = contractTool({
  name: "search_experts",
  title: "Search experts",
  description:
    "Find verified human experts (lawyers, accountants, tax advisors, consultants, tutors and other credentialed professionals) " +
    "who offer one-on-one consultations. Filter by category, country, city, language, starting price, free text and whether they accept new " +
    "clients. Returns a ranked list (best match first when q is given, else best rated) with each expert's slug, title, location, rating, starting " +
    "price, profile URL and booking URL, and with q how well each matches (match) and the whole search (match_quality: strong, partial, none). " +
    "When match_quality is none, nobody in the directory fits: tell the user so instead of recommending the closest results. " +
    "Use get_expert with a slug for the full profile before recommending or contacting someone.",
  operation: "searchExperts",
  renames: { accepting: "accepting_only" },
  arguments: {
    q: `Free text in any of ${LOCALES.join(", ")}, searched by meaning: words, a name or a whole sentence, e.g. "family lawyer lyon", "세무사" or "I need a payroll specialist who speaks Japanese". Synonyms, translations and typos are handled; words only rank, they never filter. Leave it out to browse by filters alone.`,
    category: `Only experts in this category. One of: ${toolSchemas.enumValues("CategorySlug").join(", ")}.`,
    country:
      "Only experts located in this country, as an ISO 3166-1 alpha-2 code such as US, KR, DE (case-insensitive).",
    city: "Only experts located in this city (exact name, case-insensitive), e.g. Seoul. Combine with country to disambiguate.",
    language:
      "Only experts who speak this language, as a BCP 47 tag such as en, ko or pt-BR (matched by primary language).",
    accepting_only: "true: only experts currently accepting new clients. Leave it out (or false) to include everyone.",
    min_price:
      'Only experts whose starting price (cheapest priced service) is at least this many US dollars. Replaces a lower bound read from q ("over $200").',
    max_price:
      'Only experts whose starting price (cheapest priced service) is at most this many US dollars; 0 = a free service (free first call). Replaces an upper bound read from q: price words in q ("under $150", "cheap", "free consultation", "barato", "günstig") are read as price bounds, shown in query_interpretation.price, and not searched as words.',
    locale: `Language of the returned titles and taglines: ${localeList()} (default en).`,
    sort: "relevance (default when q is given): best match first. rating (default without q): highest rated first. newest: most recently listed first.",
    page: "Zero-based page of results (default 0). When has_more is true, call again with page + 1. Only the first 1000 results can be paged through ((page + 1) × limit ≤ 1000): narrow the search rather than paging deeper.",
    limit: "Experts per page, 1 to 20 (default 10).",
  },
  annotations: { title: "Search experts", readOnlyHint: true, openWorldHint: false },
  handler: (deps) => {
    // A remembered answer (the same frozen object each time it is served) gets the same result, so
    // its text rendering and its JSON are made once (ResultTexts in src/mcp/tool-registry.ts).
    const results = new WeakMap<ExpertSearchResult, ToolReply<ExpertSearchResult>>();
    const resultOf = (answer: ExpertSearchResult) => {
      let result = results.get(answer);
      if (!result) results.set(answer, (result = toolResult(answer, renderSearch(answer))));
      return result;
    };
    return async (args, caller) => {
      await deps.rateLimit("search", caller);
      return resultOf(await searchExperts(deps.search, toSearchQuery(args)));
    };
  },
});
