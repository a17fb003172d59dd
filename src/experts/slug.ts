import { operationParameters, requestAjv, resolveRefs } from "../contract/index.ts";
import { problem } from "../http/problem.ts";

const slugSchema = operationParameters("getExpert", "path").find((p) => p.name === "slug")!.schema;
const validSlug = requestAjv.compile(resolveRefs(slugSchema) as object);

export function expertNotFound(slug: string) {
  return problem(
    404,
    `No public expert has the slug "${slug.slice(0, 100)}". Search /api/agents/experts to find valid slugs.`,
  );
}

/**
 * A slug path segment checked against the contract's pattern. A slug that cannot exist is the
 * spec's "expert not found" (404), answered without asking the database.
 */
export function checkSlug(slug: string): string {
  if (!validSlug(slug)) throw expertNotFound(slug);
  return slug;
}
