import type { ExpertAvailability } from "../experts/availability.ts";
import type { ExpertProfile } from "../experts/profile.ts";
import type { Locale } from "../experts/summary.ts";
import { bookingSection, contactList } from "./booking-section.ts";
import { languageNames, ratingText, statusText } from "./directory-page.ts";
import { type Html, html } from "../html.ts";
import { jsonForScript, profileJsonLd } from "./json-ld.ts";
import { LOCALES } from "./locale.ts";
import { fill, type PageText, pageText } from "./page-text.ts";
import { publicLayout } from "./public-layout.ts";

export interface ProfileView {
  profile: ExpertProfile;
  availability: ExpertAvailability;
  locale: Locale;
  explicitLocale: boolean;
  /** Absolute base of this server's public URLs (PUBLIC_BASE_URL or the listen address). */
  base: string;
}

/** The profile's URL in a locale: English is the plain URL, the others carry ?locale=. */
export function localeUrl(p: ExpertProfile, locale: Locale): string {
  return locale === "en" ? p.profile_url : `${p.profile_url}?locale=${locale}`;
}

function money(locale: Locale, usd: number): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "USD",
    maximumFractionDigits: usd % 1 ? 2 : 0,
  }).format(usd);
}

function price(t: PageText, locale: Locale, s: ExpertProfile["services"][number]): string {
  if (s.price_type === "custom")
    return s.price_usd === null ? t.customPrice : fill(t.from, { price: money(locale, s.price_usd) });
  if (s.price_usd === null) return t.priceOnRequest;
  return s.price_type === "hourly"
    ? fill(t.perHour, { price: money(locale, s.price_usd) })
    : money(locale, s.price_usd);
}

// 2026-01-04 is a Sunday: day_of_week 0 + n is that date + n, named in the page's language.
function weekdayName(locale: Locale, day: number): string {
  return new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2026, 0, 4 + day));
}

function weeklyHours(p: ExpertProfile, t: PageText, locale: Locale): Html {
  const byDay = new Map<number, string[]>();
  for (const e of p.availability.schedule) {
    byDay.set(e.day_of_week, [
      ...(byDay.get(e.day_of_week) ?? []),
      `${e.start_time.slice(0, 5)}–${e.end_time.slice(0, 5)}`,
    ]);
  }
  return html`<section>
  <h2>${t.weeklyHours}</h2>
  ${p.location.timezone ? html`<p class="muted">${fill(t.timesIn, { zone: p.location.timezone })}</p>` : ""}
  ${
    byDay.size
      ? html`<table class="hours"><tbody>${[1, 2, 3, 4, 5, 6, 0].filter((d) => byDay.has(d)).map((d) => html`<tr><th scope="row">${weekdayName(locale, d)}</th><td>${byDay.get(d)!.join(", ")}</td></tr>`)}</tbody></table>`
      : html`<p class="muted">${t.noHours}</p>`
  }
</section>`;
}

function head(v: ProfileView): Html {
  const p = v.profile;
  const url = localeUrl(p, v.locale);
  const description = p.tagline ?? p.title;
  return html`<link rel="canonical" href="${url}">
${LOCALES.map((l) => html`<link rel="alternate" hreflang="${l}" href="${localeUrl(p, l)}">\n`)}<link rel="alternate" hreflang="x-default" href="${p.profile_url}">
<meta property="og:type" content="profile">
<meta property="og:site_name" content="${pageText(v.locale).siteName}">
<meta property="og:title" content="${p.name}: ${p.title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${url}">
<meta property="og:image" content="${p.avatar_url}">
<meta property="og:locale" content="${v.locale}">
<meta name="twitter:card" content="summary">
<script type="application/ld+json">${jsonForScript(profileJsonLd(p, url, v.locale))}</script>`;
}

/** The page behind profile_url, in the visitor's language; #booking is the booking_url anchor. */
export function profilePage(v: ProfileView): Html {
  const p = v.profile;
  const t = pageText(v.locale);
  const status = statusText(t, p);
  const contacts = contactList(p);
  const bookable = p.availability.accepting_clients !== false && p.availability.status !== "closed";
  const languages = html`<nav class="locales" aria-label="${t.languages}">${LOCALES.map((l) =>
    l === v.locale
      ? html`<strong>${l}</strong> `
      : html`<a href="${l === "en" ? "?locale=en" : `?locale=${l}`}" hreflang="${l}" lang="${l}">${l}</a> `,
  )}</nav>`;
  return publicLayout(
    {
      locale: v.locale,
      title: `${p.name}: ${p.title} | ${t.siteName}`,
      description: p.tagline ?? p.title,
      extra: head(v),
    },
    html`${languages}
<article class="profile">
  <header class="profile-head">
    <img src="${p.avatar_url}" alt="" width="96" height="96" class="avatar">
    <div>
      <h1>${p.name}${p.credentials.is_verified ? html` <span class="badge" title="${t.verified}">✓ ${t.verified}</span>` : ""}</h1>
      <p class="title">${p.title}</p>
      ${p.tagline ? html`<p class="tagline">${p.tagline}</p>` : ""}
      <p class="muted">${ratingText(t, p.ratings.average, p.ratings.review_count)}${p.location.display ? html` · ${p.location.display}` : ""}</p>
      ${p.languages_spoken.length ? html`<p class="muted">${t.languages}: ${languageNames(v.locale, p.languages_spoken)}</p>` : ""}
      ${p.credentials.years_experience !== null ? html`<p class="muted">${fill(t.experience, { n: p.credentials.years_experience })}</p>` : ""}
      ${status ? html`<p class="${status.open ? "status open" : "status closed"}">${status.text}</p>` : ""}
      ${bookable ? html`<p><a class="button" href="#booking">${t.booking}</a></p>` : ""}
    </div>
  </header>
  ${p.bio ? html`<section><h2>${t.about}</h2>${p.bio.split(/\n{2,}/).map((para) => html`<p>${para}</p>`)}</section>` : ""}
  <section>
    <h2>${t.services}</h2>
    <ul class="services">${p.services.map((s) => html`<li><strong>${s.title}</strong> · ${price(t, v.locale, s)}${s.duration_minutes ? html` · ${fill(t.minutes, { n: s.duration_minutes })}` : ""}${s.description ? html`<br><span class="muted">${s.description}</span>` : ""}</li>`)}</ul>
  </section>
  ${weeklyHours(p, t, v.locale)}
  ${bookingSection({ p, availability: v.availability, t, locale: v.locale, explicitLocale: v.explicitLocale, base: v.base })}
  ${!bookable && contacts ? html`<section><h2>${t.contact}</h2>${contacts}</section>` : ""}
</article>`,
  );
}

/** The 404 page of a hidden or unknown expert. */
export function notFoundPage(locale: Locale): Html {
  const t = pageText(locale);
  return publicLayout(
    { locale, title: `${t.notFoundTitle} | ${t.siteName}`, extra: html`<meta name="robots" content="noindex">` },
    html`<h1>${t.notFoundTitle}</h1>
<p>${t.notFoundBody}</p>
<p><a class="button" href="/experts">${t.backToDirectory}</a></p>`,
  );
}
