import type { ExpertProfile } from "../experts/profile.ts";
import { type Html, html } from "./html.ts";

function price(s: ExpertProfile["services"][number]): string {
  if (s.price_usd === null) return "Price on request";
  const amount = `$${s.price_usd.toFixed(2).replace(/\.00$/, "")}`;
  return s.price_type === "hourly" ? `${amount} / hour` : amount;
}

/** The human-readable page behind profile_url; #booking is the booking_url anchor. */
export function profilePage(p: ExpertProfile): Html {
  return html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${p.name}: ${p.title} | Expert Directory</title>
<link rel="stylesheet" href="/assets/site.css">
</head>
<body>
<main class="page">
  <header class="profile-head">
    <img src="${p.avatar_url}" alt="" width="96" height="96" class="avatar">
    <div>
      <h1>${p.name}</h1>
      <p class="title">${p.title}</p>
      ${p.tagline ? html`<p>${p.tagline}</p>` : ""}
      <p class="muted">${p.location.display ?? ""}${p.rating !== null ? html` · ★ ${p.rating.toFixed(1)} (${p.review_count})` : ""}</p>
    </div>
  </header>
  ${p.bio ? html`<section><h2>About</h2><p>${p.bio}</p></section>` : ""}
  <section id="booking">
    <h2>Services</h2>
    <ul class="services">${p.services.map(
      (s) => html`<li><strong>${s.title}</strong> · ${price(s)}${s.duration_minutes ? html` · ${s.duration_minutes} min` : ""}${s.description ? html`<br><span class="muted">${s.description}</span>` : ""}</li>`,
    )}</ul>
    <h2>Weekly availability${p.location.timezone ? html` <span class="muted">(${p.location.timezone})</span>` : ""}</h2>
    <ul>${p.availability.schedule.map((e) => html`<li>${e.day}: ${e.start_time.slice(0, 5)}–${e.end_time.slice(0, 5)}</li>`)}</ul>
  </section>
</main>
</body>
</html>`;
}
