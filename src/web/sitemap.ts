import type { Sql } from "../db/connect.ts";
import type { ExpertUrls } from "../experts/urls.ts";

/** The sitemap protocol's limit of URLs per file; past it, /sitemap.xml becomes an index. */
export const SITEMAP_LIMIT = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function xml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

function urlEntry(loc: string, lastmod: Date | null): string {
  return `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;
}

async function publicCount(sql: Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from experts where is_public and is_verified`;
  return n;
}

/** One file of profile URLs, in id order so a profile keeps its file as others are added. */
async function profileUrls(sql: Sql, urls: ExpertUrls, file: number, perFile: number): Promise<string[]> {
  const rows = await sql<{ slug: string; updated_at: Date }[]>`
    select slug, updated_at from experts where is_public and is_verified
    order by id limit ${perFile} offset ${file * perFile}`;
  return rows.map((r) => urlEntry(urls.profile(r.slug), r.updated_at));
}

/**
 * /sitemap.xml: the directory and every public profile in one file while they fit, otherwise a
 * sitemap index of /sitemaps/experts-N.xml files of `perFile` profiles each.
 */
export async function sitemapRoot(sql: Sql, urls: ExpertUrls, perFile = SITEMAP_LIMIT): Promise<string> {
  const count = await publicCount(sql);
  const home = urlEntry(`${urls.base()}/experts`, null);
  if (count + 1 <= perFile) {
    return `${XML_HEAD}<urlset ${NS}>\n${[home, ...(await profileUrls(sql, urls, 0, perFile))].join("\n")}\n</urlset>\n`;
  }
  const files = Math.ceil(count / perFile);
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${xml(`${urls.base()}/sitemaps/experts-${i}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/** /sitemaps/experts-N.xml of an index; null when there is no such file. */
export async function sitemapFile(
  sql: Sql,
  urls: ExpertUrls,
  file: number,
  perFile = SITEMAP_LIMIT,
): Promise<string | null> {
  const count = await publicCount(sql);
  if (count + 1 <= perFile || file >= Math.ceil(count / perFile)) return null;
  const entries = await profileUrls(sql, urls, file, perFile);
  if (file === 0) entries.unshift(urlEntry(`${urls.base()}/experts`, null));
  return `${XML_HEAD}<urlset ${NS}>\n${entries.join("\n")}\n</urlset>\n`;
}
