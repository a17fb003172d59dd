import type { Gender } from "./people.ts";

/** URL slug of free text: accents dropped, apostrophes removed, everything else a single dash. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Fills {slot} placeholders; an unknown slot is a bug in the templates, so it throws. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`demo data: template slot {${key}} has no value in "${template}"`);
    return String(values[key]);
  });
}

/** Picks the form of a "masculine|feminine" title; titles without a bar are the same for everyone. */
export function gendered(title: string, gender: Gender): string {
  const [masculine, feminine] = title.split("|");
  return gender === "f" && feminine ? feminine : masculine;
}

/** "HH:MM:SS" from minutes after midnight. */
export function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00`;
}
