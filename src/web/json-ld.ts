import type { ExpertProfile } from "../experts/profile.ts";
import { Html } from "../html.ts";

/**
 * JSON for the inside of a <script type="application/ld+json">. A data block is never run (so
 * the CSP's script-src does not apply to it), but the HTML parser still ends the element at the
 * first "</script": every <, > and & is written as a \u escape, which JSON readers decode back,
 * so no operator text can close the element or open a comment. U+2028/2029 are escaped as well.
 */
export function jsonForScript(value: unknown): Html {
  const text = JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return new Html(text);
}

/** schema.org ProfessionalService for a profile: who, where, what it costs, how it is rated. */
export function profileJsonLd(p: ExpertProfile, pageUrl: string, locale: string): unknown {
  const sameAs = Object.values(p.contact_methods).filter((url) => /^https?:\/\//i.test(url));
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${p.profile_url}#service`,
    name: p.name,
    description: p.tagline ?? p.title,
    url: pageUrl,
    image: p.avatar_url,
    inLanguage: locale,
    knowsLanguage: p.languages_spoken,
    address: {
      "@type": "PostalAddress",
      ...(p.location.city ? { addressLocality: p.location.city } : {}),
      ...(p.location.state_code ? { addressRegion: p.location.state_code } : {}),
      ...(p.location.country_code ? { addressCountry: p.location.country_code } : {}),
    },
    ...(p.location.coordinates
      ? {
          geo: {
            "@type": "GeoCoordinates",
            latitude: p.location.coordinates.lat,
            longitude: p.location.coordinates.lng,
          },
        }
      : {}),
    ...(p.ratings.average !== null && p.ratings.review_count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: p.ratings.average,
            reviewCount: p.ratings.review_count,
            bestRating: 5,
            worstRating: 0,
          },
        }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
    employee: { "@type": "Person", name: p.name, jobTitle: p.title, image: p.avatar_url },
    makesOffer: p.services.map((s) => ({
      "@type": "Offer",
      name: s.title,
      ...(s.description ? { description: s.description } : {}),
      ...(s.price_usd !== null && s.price_type !== "custom"
        ? {
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: s.price_usd,
              priceCurrency: "USD",
              ...(s.price_type === "hourly" ? { unitCode: "HUR" } : {}),
            },
          }
        : {}),
    })),
  };
}
