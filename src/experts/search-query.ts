import type { operations } from "../../generated/agents.ts";

/**
 * A search as the contract's `searchExperts` query states it: what search.ts runs and what
 * search-filters.ts turns into SQL, so it lives apart from both (neither imports the other's type).
 */
export type SearchQuery = NonNullable<operations["searchExperts"]["parameters"]["query"]>;
