import { type ExpertProfile, getExpertProfile } from "../experts/profile.ts";
import { checkSlug } from "../experts/slug.ts";
import { localeList } from "../locales.ts";
import { contractTool } from "./tool-registry.ts";
import { toolResult } from "./tool-result.ts";

/** The tool's description of an expert's slug (get_availability takes it too). */
export const SLUG_ARGUMENT = "The expert's slug, exactly as search_experts returned it (e.g. hana-kim).";

/** The 404 of an unknown slug, worded for an agent: what to call instead. */
export function unknownExpertText(slug: string): string {
  return `No public expert has the slug "${slug.slice(0, 100)}". Call search_experts to find the expert and use the slug it returns.`;
}

const money = (usd: number | null) => (usd === null ? "price on request" : `$${usd}`);
const hhmm = (time: string) => time.slice(0, 5);

/** The whole profile as text: services with prices, the weekly schedule, contact methods. */
export function renderProfile(p: ExpertProfile): string {
  const facts = [
    p.credentials.is_verified ? "verified" : "not verified",
    p.credentials.years_experience !== null ? `${p.credentials.years_experience} years of experience` : null,
    p.ratings.average !== null
      ? `rating ${p.ratings.average.toFixed(1)}/5 (${p.ratings.review_count} reviews)`
      : "no rating yet",
    p.pricing.starting_price_usd !== null ? `from $${p.pricing.starting_price_usd}` : null,
  ].filter(Boolean);
  const availability = [
    p.availability.status ? `status ${p.availability.status}` : null,
    p.availability.accepting_clients === true
      ? "accepting new clients"
      : p.availability.accepting_clients === false
        ? "not accepting new clients"
        : null,
    p.availability.response_time_pledge,
  ].filter(Boolean);
  const tz = p.location.timezone ? ` (${p.location.timezone})` : "";
  const lines = [
    `${p.name}: ${p.title} (slug: ${p.slug})`,
    p.tagline,
    facts.join(" · "),
    `Location: ${p.location.display ?? "not given"}${tz}`,
    `Categories: ${p.categories.join(", ")}${p.subcategory_slugs.length ? ` (${p.subcategory_slugs.join(", ")})` : ""}`,
    p.languages_spoken.length ? `Languages: ${p.languages_spoken.join(", ")}` : null,
    p.tags.length ? `Expertise: ${p.tags.join(", ")}` : null,
    availability.length ? `Availability: ${availability.join("; ")}` : null,
    p.bio ? `\n${p.bio}` : null,
    "",
    "Services:",
    ...(p.services.length
      ? p.services.map((s) => {
          const price =
            s.price_type === "hourly"
              ? `${money(s.price_usd)} per hour`
              : s.price_type === "custom"
                ? "custom pricing"
                : money(s.price_usd);
          const duration = s.duration_minutes !== null ? `, ${s.duration_minutes} min` : "";
          return `- ${s.title}: ${price}${duration}${s.description ? `. ${s.description}` : ""}`;
        })
      : ["- none listed"]),
    "",
    `Weekly availability${tz}:`,
    ...(p.availability.schedule.length
      ? p.availability.schedule.map((e) => `- ${e.day} ${hhmm(e.start_time)}-${hhmm(e.end_time)}`)
      : ["- no recurring hours published"]),
    "",
    "Contact methods:",
    ...(Object.keys(p.contact_methods).length
      ? Object.entries(p.contact_methods).map(([channel, url]) => `- ${channel}: ${url}`)
      : ["- none public; use submit_inquiry"]),
    "",
    `Profile: ${p.profile_url}`,
    `Book: ${p.booking_url}`,
    `To contact this expert for the user, call submit_inquiry with expert_slug "${p.slug}".`,
  ];
  return lines.filter((l) => l !== null).join("\n");
}

export const getExpertTool = contractTool({
  name: "get_expert",
  title: "Get expert profile",
  description:
    "Read one expert's full public profile by slug (from search_experts): biography, credentials, rating, services with " +
    "prices and durations, weekly availability with time zone, public contact methods, profile URL and booking URL. " +
    "Use it before recommending an expert or sending them an inquiry.",
  operation: "getExpert",
  arguments: {
    slug: SLUG_ARGUMENT,
    locale: `Language of the title, tagline and bio: ${localeList()} (default en).`,
  },
  annotations: { title: "Get expert profile", readOnlyHint: true, openWorldHint: false },
  wording: (p, { slug }) => (p.status === 404 ? unknownExpertText(slug) : undefined),
  handler:
    (deps) =>
    async ({ slug, locale }, caller) => {
      await deps.rateLimit("profile", caller);
      const profile = await getExpertProfile(deps.sql, checkSlug(slug), locale ?? "en", deps.urls);
      return toolResult(profile, renderProfile(profile));
    },
});
