import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { importExperts, validateImport } from "../src/experts/import-file.ts";
import { LOCALES } from "../src/locales.ts";
import { expectContractResponse } from "./support/contract.ts";
import { startApp, type TestApp } from "./support/app.ts";

// The public pages over HTTP: the directory, profiles in the visitor's language with structured
// data, the booking section, and the 404 page. An app of this suite's own, because it imports
// experts with hostile texts (operator data is not trusted) that other suites must not see.

let app: TestApp;

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

function expert(slug: string, extra: Record<string, unknown> = {}) {
  return {
    slug,
    name: `Pat ${slug}`,
    email: `${slug}@example.com`,
    categories: ["legal"],
    is_verified: true,
    accepting_clients: true,
    availability_status: "open",
    booking_buffer_minutes: 60,
    location: { city: "Berlin", country_code: "DE", timezone: "Europe/Berlin" },
    languages_spoken: ["de", "en"],
    translations: {
      en: { title: "Lawyer", tagline: "Contracts", bio: "Ten years in practice.\n\nSecond paragraph." },
      ko: { title: "변호사", tagline: "계약" },
    },
    services: [{ title: "First consultation", price_usd: 120, price_type: "fixed", duration_minutes: 45 }],
    schedule: [0, 1, 2, 3, 4, 5, 6].map((day_of_week) => ({ day_of_week, start_time: "08:00", end_time: "20:00" })),
    contact_methods: { website: "https://pat.example.com", email: "mailto:pat@example.com" },
    ...extra,
  };
}

beforeAll(async () => {
  app = await startApp();
  const records = [
    expert("pub-open"),
    expert("pub-closed", { accepting_clients: false, availability_status: "closed" }),
    expert("pub-hidden", { is_public: false }),
    expert("pub-hostile", {
      name: `Eve ${HOSTILE}`,
      translations: {
        en: {
          title: `"'><svg onload=alert(2)>`,
          tagline: `</script><script>alert(3)</script>`,
          bio: `<!-- ${HOSTILE}`,
        },
      },
      services: [
        {
          title: HOSTILE,
          description: `"><iframe src=//evil>`,
          price_usd: 1,
          price_type: "fixed",
          duration_minutes: 30,
        },
      ],
    }),
  ];
  await importExperts(app.sql, validateImport(records.map((value, i) => ({ at: `record ${i}`, value }))));
  // Import refuses such URLs; a row written some other way must still not become markup or a script link.
  const hostileLinks = { website: `https://evil.example.com/"><script>alert(4)</script>`, chat: "javascript:alert(5)" };
  await app.sql`update experts set contact_methods = ${app.sql.json(hostileLinks)} where slug = 'pub-hostile'`;
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.url}${path}`, { headers });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function searchApi(query: string) {
  const res = await fetch(`${app.url}/api/agents/experts?${query}`);
  const body = await res.json();
  expectContractResponse("GET", "/api/agents/experts", res.status, res.headers.get("content-type"), body);
  return body;
}

const linkedSlugs = (html: string) => [...html.matchAll(/<h2><a href="\/experts\/([a-z0-9-]+)/g)].map((m) => m[1]);

describe("the directory at / and /experts", () => {
  it("lists what the API's search lists, for the same filters, with every field a card needs", async () => {
    for (const query of [
      "",
      "category=legal",
      "country=de&accepting=1",
      "accepting=true",
      "accepting=false",
      "accepting=0",
      "q=tax",
      "language=ja&sort=newest",
    ]) {
      const api = await searchApi(query);
      const { status, html, headers } = await page(`/experts?${query}`);
      expect(status).toBe(200);
      expect(headers.get("content-type")).toStartWith("text/html");
      expect(linkedSlugs(html)).toEqual(api.experts.map((e: { slug: string }) => e.slug));
    }
    const home = await page("/");
    expect(home.html).toContain('<form class="card search" method="get" action="/experts" role="search">');
    for (const name of ["q", "category", "country", "city", "language", "accepting"])
      expect(home.html).toContain(`name="${name}"`);
    expect(home.html).toContain('class="avatar"');
    expect(home.html).toContain("★");
  });

  it("reads empty form fields as 'any', keeps the filters in the form and pages through results", async () => {
    const { status, html } = await page("/experts?q=&category=legal&country=&city=&language=&accepting=1");
    expect(status).toBe(200);
    expect(html).toContain('<option value="legal" selected>');
    expect(html).toContain('name="accepting" value="1" checked');
    expect((await page("/experts?accepting=true")).html).toContain('name="accepting" value="1" checked');
    for (const off of ["accepting=false", "accepting=0"]) {
      const unchecked = await page(`/experts?${off}`);
      expect(unchecked.status).toBe(200);
      expect(unchecked.html).toContain('name="accepting" value="1">');
    }
    const first = await page("/experts");
    expect(first.html).toContain('rel="next" href="/experts?page=1"');
    const second = await page("/experts?page=1");
    expect(second.html).toContain('rel="prev" href="/experts"');
    expect(linkedSlugs(second.html)).toEqual((await searchApi("page=1")).experts.map((e: { slug: string }) => e.slug));
  });

  it("answers a query the API would refuse with a 400 page that says why", async () => {
    const { status, html } = await page("/experts?limit=500&country=Germany");
    expect(status).toBe(400);
    expect(html).toContain("limit");
    expect(html).toContain("country");
  });

  it("never lets operator text out unescaped, in cards or the form", async () => {
    const { html } = await page(`/experts?q=${encodeURIComponent('Eve "><script>alert(9)</script>')}`);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<svg onload");
    expect(html).toContain("&lt;script&gt;alert");
  });
});

describe("a profile page", () => {
  it("speaks the visitor's language: ?locale= first, then Accept-Language, else English", async () => {
    const ko = await page("/experts/pub-open?locale=ko");
    expect(ko.html).toContain('<html lang="ko">');
    expect(ko.html).toContain("변호사");
    expect(ko.html).toContain("상담 예약");
    const fr = await page("/experts/pub-open", { "accept-language": "sv-SE, fr-CH;q=0.8, de;q=0.5" });
    expect(fr.html).toContain('<html lang="fr">');
    expect(fr.html).toContain("Réserver une séance");
    expect(fr.html).toContain("Lawyer"); // no French texts: the expert's English ones
    const fallback = await page("/experts/pub-open", { "accept-language": "sv, pt;q=0.9" });
    expect(fallback.html).toContain('<html lang="en">');
    expect((await page("/experts/pub-open?locale=xx")).html).toContain('<html lang="en">');
  });

  it("carries canonical, hreflang alternates, Open Graph and schema.org JSON-LD", async () => {
    const { html } = await page("/experts/pub-open?locale=ko");
    const base = `${app.url}/experts/pub-open`;
    expect(html).toContain(`<link rel="canonical" href="${base}?locale=ko">`);
    for (const l of LOCALES.filter((l) => l !== "en"))
      expect(html).toContain(`<link rel="alternate" hreflang="${l}" href="${base}?locale=${l}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${base}">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${base}">`);
    expect(html).toContain(`<meta property="og:title" content="Pat pub-open: 변호사">`);
    expect(html).toContain(`<meta property="og:image" content="${app.url}/avatars/pub-open.svg">`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProfessionalService",
      name: "Pat pub-open",
      address: { addressLocality: "Berlin", addressCountry: "DE" },
    });
    expect(ld.makesOffer[0].priceSpecification).toMatchObject({ price: 120, priceCurrency: "USD" });
  });

  it("shows the expert's facts, weekly hours and a #booking section with free times and contacts", async () => {
    const { html } = await page("/experts/pub-open?tz=Asia/Seoul");
    for (const text of [
      "Pat pub-open",
      "✓ Verified",
      "Contracts",
      "Berlin, Germany",
      "German, English",
      "Accepting new clients",
      "First consultation",
      "45 min",
      "$120",
      "Times in Europe/Berlin",
      "Ten years in practice.</p><p>Second paragraph.",
    ]) {
      expect(html).toContain(text);
    }
    const booking = html.slice(html.indexOf('<section id="booking"'));
    expect(booking).toContain("Times in Asia/Seoul");
    expect(booking).toMatch(/<time datetime="[^"]+\+09:00">/);
    expect(booking).toContain('href="mailto:pat@example.com"');
    expect(booking).toContain("/api/agents/inquiries");
    expect(booking).toContain("submit_inquiry");
  });

  it("says an expert not accepting clients cannot be booked, and offers nothing to book", async () => {
    const { html } = await page("/experts/pub-closed");
    const booking = html.slice(
      html.indexOf('<section id="booking"'),
      html.indexOf("</section>", html.indexOf('<section id="booking"')),
    );
    expect(booking).toContain("is not accepting new clients at the moment");
    expect(booking).not.toContain("<time");
    expect(booking).not.toContain("submit_inquiry");
    expect(html).not.toContain('href="#booking"');
  });

  it("escapes every operator text, in the page, its attributes and its JSON-LD", async () => {
    const { html } = await page("/experts/pub-hostile");
    expect(html).not.toMatch(/<script>alert|<svg onload|<iframe|<img src=x/);
    expect(html.match(/<script/g)!.length).toBe(2); // the JSON-LD block and local-times.js, nothing else
    expect(html).not.toContain("<!-- <");
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain("javascript:alert(5)"); // shown as text, not as a link
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]);
    expect(ld.name).toBe(`Eve ${HOSTILE}`);
    expect(ld.description).toBe(`</script><script>alert(3)</script>`);
  });

  it("is a 404 page for an unknown, hidden or malformed slug", async () => {
    for (const slug of ["no-such-expert", "pub-hidden", "Bad_Slug!"]) {
      const res = await page(`/experts/${slug}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      expect(res.html).toContain("Expert not found");
      expect(res.html).toContain('<meta name="robots" content="noindex">');
    }
  });
});
