import type { PendingQuery, Row } from "postgres";
import type { components } from "../../generated/agents.ts";
import type { Sql } from "../db/connect.ts";
import type { Locale } from "../locales.ts";
import type { ExpertUrls } from "./urls.ts";

type ExpertFields = components["schemas"]["ExpertFields"];
type Fragment = PendingQuery<Row[]>;

/** The fields made from the slug by ExpertUrls rather than read (the avatar is read when a photo is stored). */
type LinkField = "avatar_url" | "profile_url" | "booking_url";
type StoredField = Exclude<keyof ExpertFields, LinkField>;

/**
 * Every field an expert's descriptions carry (the contract's ExpertFields, which ExpertSummary
 * and ExpertProfile extend), in the order the responses carry them: a stored field as its SQL
 * over `experts e` joined by `translatedTexts`, a link as "link". The search's columns and
 * summaries (summary.ts) and the profile's JSON (profile.ts) are all made from this table, so a
 * field added to ExpertFields in the contract is a type error here, and only here, until it is
 * written once (test/expert-shape.test.ts).
 *
 * The SQL is constant text, put together into the statements' parts once, at load: made as
 * postgres.js fragments on every request instead, the hundred of them cost the profile ~0.07 ms
 * of JavaScript per request on top of its 0.11 ms (measured as the client's CPU per call).
 */
const expertFields: { readonly [K in keyof ExpertFields]: K extends LinkField ? "link" : string } = {
  slug: "e.slug",
  name: "e.name",
  title: "coalesce(tl.title, te.title)",
  tagline: "coalesce(tl.tagline, te.tagline)",
  avatar_url: "link",
  profile_url: "link",
  booking_url: "link",
  categories: "array(select c.category_slug from expert_categories c where c.expert_id = e.id order by c.position)",
  rating: "e.rating::float8",
  review_count: "e.review_count",
  years_experience: "e.years_experience",
  starting_price_usd: "e.starting_price_usd::float8",
  languages_spoken: "e.languages",
  tags: "e.tags",
  is_verified: "e.is_verified",
  accepting_clients: "e.accepting_clients",
  availability_status: "e.availability_status",
};

const fieldNames = Object.keys(expertFields) as (keyof ExpertFields)[];
// The names are written into SQL text as they are: the contract's, checked anyway.
for (const name of fieldNames) if (!/^[a-z_]+$/.test(name)) throw new Error(`not a field name: ${name}`);
const isLink = (name: keyof ExpertFields): name is LinkField => expertFields[name] === "link";
// Both shapes put their `location` right after `categories`.
const afterCategories = fieldNames.indexOf("categories") + 1;
const beforeLocation = fieldNames.slice(0, afterCategories);
const afterLocation = fieldNames.slice(afterCategories);

/**
 * Joins `tl` (the requested locale) and `te` (English, which every expert has) to `experts e`:
 * the translated fields read the locale's text, and English where it has none.
 */
export function translatedTexts(sql: Sql, locale: Locale) {
  return sql`
    left join expert_translations tl on tl.expert_id = e.id and tl.locale = ${locale}
    left join expert_translations te on te.expert_id = e.id and te.locale = 'en'`;
}

/** What `storedFieldColumns` selects: the stored fields by the contract's names, and the stored photo or null. */
export type StoredFields = Pick<ExpertFields, StoredField> & { photo: string | null };

const storedColumns = [
  "e.avatar_url as photo",
  ...fieldNames.filter((name) => !isLink(name)).map((name) => `${expertFields[name]} as "${name}"`),
].join(", ");

/** The columns of StoredFields, for rows of `experts e` joined by `translatedTexts`. */
export function storedFieldColumns(sql: Sql): Fragment {
  return sql.unsafe<Row[]>(storedColumns);
}

function link(name: LinkField, urls: ExpertUrls, slug: string, photo: string | null): string {
  switch (name) {
    case "avatar_url":
      return urls.avatar(slug, photo);
    case "profile_url":
      return urls.profile(slug);
    case "booking_url":
      return urls.booking(slug);
  }
}

// The order of a summary's keys, `location` in its place, and for each key whether it is a link:
// an indexed loop over these costs ~0.5 µs a summary more than an object literal did; iterating
// [name, reader] pairs cost three times that.
const valueNames: readonly string[] = [...beforeLocation, "location", ...afterLocation];
const valueLinks: readonly boolean[] = valueNames.map(
  (name) => name !== "location" && isLink(name as keyof ExpertFields),
);

/**
 * The expert's fields from a row of `storedFieldColumns`, in the table's order with `location`
 * after `categories`, as the profile's JSON has them.
 */
export function expertFieldValues<L>(row: StoredFields, urls: ExpertUrls, location: L): ExpertFields & { location: L } {
  const stored = row as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (let i = 0; i < valueNames.length; i++) {
    const name = valueNames[i];
    fields[name] = valueLinks[i]
      ? link(name as LinkField, urls, row.slug, row.photo)
      : name === "location"
        ? location
        : stored[name];
  }
  // Complete: the table's type has a way to every field of ExpertFields.
  return fields as ExpertFields & { location: L };
}

/** Arguments of json_build_object: a run of stored fields' `'name', value` as one text, or a link. */
type JsonPart = { text: string } | { link: LinkField };

function jsonParts(names: readonly (keyof ExpertFields)[]): readonly JsonPart[] {
  const parts: JsonPart[] = [];
  let run: string[] = [];
  for (const name of names) {
    if (isLink(name)) {
      if (run.length) parts.push({ text: run.join(", ") });
      run = [];
      parts.push({ link: name });
    } else {
      run.push(`'${name}', ${expertFields[name]}`);
    }
  }
  if (run.length) parts.push({ text: run.join(", ") });
  return parts;
}
const jsonBeforeLocation = jsonParts(beforeLocation);
const jsonAfterLocation = jsonParts(afterLocation);

/** A link's arguments, made by `urls` so they are exactly the summaries'. */
function linkJson(sql: Sql, name: LinkField, urls: ExpertUrls, slug: string): Fragment {
  switch (name) {
    case "avatar_url": // a stored photo wins over the drawn avatar, as urls.avatar has it
      return sql`'avatar_url', coalesce(e.avatar_url, ${urls.avatar(slug, null)}::text)`;
    case "profile_url":
      return sql`'profile_url', ${urls.profile(slug)}::text`;
    case "booking_url":
      return sql`'booking_url', ${urls.booking(slug)}::text`;
  }
}

/**
 * The arguments of json_build_object for the expert `slug`, `e`, that come before its location
 * or after it: the profile writes its JSON in two parts around the location (profile.ts).
 */
export function expertFieldsJson(
  sql: Sql,
  part: "before location" | "after location",
  urls: ExpertUrls,
  slug: string,
): Fragment {
  const parts = part === "before location" ? jsonBeforeLocation : jsonAfterLocation;
  return parts
    .map((p) => ("text" in p ? sql.unsafe<Row[]>(p.text) : linkJson(sql, p.link, urls, slug)))
    .reduce((all, p, i) => (i === 0 ? p : sql`${all}, ${p}`));
}
