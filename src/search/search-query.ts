import type { components, operations } from "../../generated/agents.ts";

/**
 * A search as the contract's `searchExperts` query states it: what every step of a search reads
 * (search.ts, plan.ts, statement.ts), so it lives apart from all of them.
 */
export type SearchQuery = NonNullable<operations["searchExperts"]["parameters"]["query"]>;
export type ExpertSearchResult = components["schemas"]["ExpertSearchResult"];
export type Locale = components["schemas"]["Locale"];
