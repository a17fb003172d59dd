import type { ExpertAvailability } from "../experts/availability.ts";
import type { ExpertProfile } from "../experts/profile.ts";
import type { Locale } from "../experts/summary.ts";
import { wallAt } from "../experts/zoned-time.ts";
import { type Html, html } from "../html.ts";
import { fill, type PageText } from "./page-text.ts";

// Only these schemes become links; import refuses others already, this is the second lock.
const SAFE_LINK = /^(https?:\/\/|mailto:|tel:)/i;

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["UTC"];
  }
})();

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, zone: string, withDate: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${withDate}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      ...(withDate ? { weekday: "short", month: "short", day: "numeric" } : {}),
      hour: "2-digit",
      minute: "2-digit",
    });
    formats.set(key, f);
  }
  return f;
}

/** One free interval: machine-readable <time>s (the local-times script reformats them). */
function interval(locale: Locale, zone: string, slot: { start: string; end: string }): Html {
  const start = new Date(slot.start);
  const end = new Date(slot.end);
  const a = wallAt(start.getTime(), zone);
  const b = wallAt(end.getTime() - 1, zone); // an interval ending at midnight ends on its own day
  const sameDay = a.year === b.year && a.month === b.month && a.day === b.day;
  return html`<li data-slot><time datetime="${slot.start}">${format(locale, zone, true).format(start)}</time> – <time datetime="${slot.end}" data-same-day="${sameDay ? "1" : "0"}">${format(locale, zone, !sameDay).format(end)}</time></li>`;
}

export function contactList(p: ExpertProfile): Html | null {
  const entries = Object.entries(p.contact_methods);
  if (!entries.length) return null;
  return html`<ul class="contacts">${entries.map(([channel, url]) => {
    const label = url.replace(/^(mailto:|tel:|https?:\/\/)/i, "").replace(/\/$/, "");
    const name = channel.charAt(0).toUpperCase() + channel.slice(1).replace(/_/g, " ");
    return SAFE_LINK.test(url)
      ? html`<li><span class="muted">${name}</span> <a href="${url}" rel="nofollow noopener noreferrer">${label}</a></li>`
      : html`<li><span class="muted">${name}</span> ${label}</li>`;
  })}</ul>`;
}

function zoneForm(t: PageText, zone: string, locale: Locale, explicitLocale: boolean): Html {
  return html`<form class="inline zone-form" method="get" action="#booking">
  ${explicitLocale ? html`<input type="hidden" name="locale" value="${locale}">` : ""}
  <label for="tz" class="visually-hidden">${t.showTimesIn}</label>
  <select id="tz" name="tz">${ZONES.map((z) => html`<option value="${z}"${z === zone ? html` selected` : ""}>${z.replace(/_/g, " ")}</option>`)}</select>
  <button type="submit" class="secondary small">${t.show}</button>
</form>`;
}

function agentHelp(p: ExpertProfile, base: string, t: PageText): Html {
  const body = JSON.stringify({ expert_slug: p.slug, requester_name: "…", requester_email: "…", message: "…" });
  return html`<details class="agents"><summary>${t.forAgents}</summary>
<p>Send an inquiry on a person's behalf with an API key (an account holder creates one at <a href="/dashboard">/dashboard</a>):</p>
<pre><code>POST ${base}/api/agents/inquiries
Authorization: Bearer edk_live_…
Content-Type: application/json

${body}</code></pre>
<p>Or over MCP (<code>${base}/api/mcp</code>): the tool <code>submit_inquiry</code> with <code>expert_slug</code> <code>${p.slug}</code>. Free times in the person's zone: <code>GET ${base}/api/agents/experts/${p.slug}/availability?tz=…</code> or the tool <code>get_availability</code>. More in <a href="/llms.txt">/llms.txt</a>.</p>
</details>`;
}

/**
 * The #booking section behind booking_url: the next free times in the visitor's zone, how to
 * book them, and how an agent sends an inquiry. For an expert not taking clients it says so and
 * offers nothing to book.
 */
export function bookingSection(o: {
  p: ExpertProfile;
  availability: ExpertAvailability;
  t: PageText;
  locale: Locale;
  explicitLocale: boolean;
  base: string;
}): Html {
  const { p, availability, t, locale } = o;
  const bookable = p.availability.accepting_clients !== false && p.availability.status !== "closed";
  if (!bookable) {
    return html`<section id="booking" class="card booking">
  <h2>${t.booking}</h2>
  <p class="notice" data-not-accepting>${fill(t.notAcceptingBooking, { name: p.name })}</p>
</section>`;
  }
  const zone = availability.upcoming_timezone ?? "UTC";
  const contacts = contactList(p);
  return html`<section id="booking" class="card booking">
  <h2>${t.booking}</h2>
  <h3>${t.freeTimes}</h3>
  <p class="muted" data-zone-caption="${t.timesIn}">${fill(t.timesIn, { zone })}</p>
  ${
    availability.upcoming.length
      ? html`<ul class="slots">${availability.upcoming.slice(0, 8).map((s) => interval(locale, zone, s))}</ul>`
      : html`<p class="muted">${t.noFreeTimes}</p>`
  }
  ${zoneForm(t, zone, locale, o.explicitLocale)}
  <h3>${t.contact}</h3>
  ${contacts ? html`<p>${fill(t.bookingHow, { name: p.name })}</p>${contacts}` : html`<p>${fill(t.noContact, { name: p.name })}</p>`}
  ${agentHelp(p, o.base, t)}
</section>`;
}
