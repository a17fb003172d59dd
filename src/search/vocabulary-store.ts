import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Channel } from "../db/channel.ts";
import type { Pool, Sql } from "../db/connect.ts";
import { BUILTIN_VOCABULARY, QUERY_VOCABULARY, QUERY_VOCABULARY_LOCALE } from "./builtin-vocabulary.ts";
import { LOCALES, parseVocabularyFile, type VocabularyEntry, type VocabularyLocale } from "./vocabulary-file.ts";
import { Vocabulary } from "./vocabulary.ts";

/** Every entry this build ships: the locales' files and the query-side ones. */
export function builtinEntries(): VocabularyEntry[] {
  const read = (file: string, text: string, locale: VocabularyLocale) => {
    const { entries, errors } = parseVocabularyFile(text, locale);
    if (errors.length)
      throw new Error(`src/search/vocabulary/${file}.tsv line ${errors[0].line}: ${errors[0].message}`);
    return entries;
  };
  return [
    ...LOCALES.flatMap((locale) => read(locale, BUILTIN_VOCABULARY[locale], locale)),
    ...Object.entries(QUERY_VOCABULARY).flatMap(([language, text]) =>
      read(`query-${language}`, text, QUERY_VOCABULARY_LOCALE),
    ),
  ];
}

function hashOf(files: Record<string, string>, queryFiles: Record<string, string>): string {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const locale of LOCALES) hasher.update(`${locale}\n${files[locale]}\n`);
  for (const [language, text] of Object.entries(queryFiles).sort()) hasher.update(`query-${language}\n${text}\n`);
  return hasher.digest("hex");
}

/** Writes entries as rows of one source, replacing that source's rows of the given locales. */
async function replaceEntries(
  tx: Sql,
  entries: VocabularyEntry[],
  source: "builtin" | "operator",
  locales: readonly VocabularyLocale[],
) {
  await tx`delete from search_vocabulary where source = ${source} and locale in ${tx(locales as string[])}`;
  for (let i = 0; i < entries.length; i += 5000) {
    const slice = entries.slice(i, i + 5000);
    await tx`
      insert into search_vocabulary (locale, kind, key, term, source)
      select l, k, y, t, ${source} from unnest(${slice.map((e) => e.locale)}::text[], ${slice.map((e) => e.kind)}::text[],
        ${slice.map((e) => e.key)}::text[], ${slice.map((e) => e.term)}::text[]) as v(l, k, y, t)
      on conflict do nothing`;
  }
}

/**
 * Loads the vocabulary shipped in this build into the database when it differs from the one
 * loaded (compared by hash), in one transaction; the operator's own rows are left alone. Run
 * after the migrations, so a new executable brings its vocabulary with it.
 */
export async function syncBuiltinVocabulary(sql: Pool): Promise<boolean> {
  const hash = hashOf(BUILTIN_VOCABULARY, QUERY_VOCABULARY);
  const [state] = await sql<{ builtin_hash: string }[]>`select builtin_hash from search_vocabulary_state`;
  if (state?.builtin_hash === hash) return false;
  const entries = builtinEntries();
  await sql.begin(async (tx) => {
    await tx`select builtin_hash from search_vocabulary_state for update`;
    await replaceEntries(tx, entries, "builtin", LOCALES);
    await tx`update search_vocabulary_state set builtin_hash = ${hash}`;
    await addLexiconWords(tx, new Vocabulary(entries).words());
  });
  return true;
}

/** Replaces the operator's own entries of one locale (the `vocabulary import` command). */
export async function importOperatorVocabulary(
  sql: Pool,
  locale: VocabularyLocale,
  entries: VocabularyEntry[],
): Promise<void> {
  await sql.begin(async (tx) => {
    await replaceEntries(tx, entries, "operator", [locale]);
    await addLexiconWords(tx, new Vocabulary(entries).words());
  });
}

async function addLexiconWords(tx: Sql, words: string[]) {
  const latin = words.filter((w) => w.length >= 3 && /^\p{Script=Latin}+$/u.test(w));
  if (latin.length) await tx`insert into search_lexicon (word) select unnest(${latin}::text[]) on conflict do nothing`;
}

const RECHECK_MS = 10_000;

/** The channel name of vocabulary changes (sql/017_channel.sql). */
export const SEARCH_VOCABULARY_CHANNEL = "search_vocabulary";

/**
 * The vocabulary as compiled for matching, one per app (src/search/stores.ts): rebuilt when the
 * database's vocabulary version moved, so an operator's import reaches every running server
 * without a restart. With the shared channel (`listenOn`) a change is pushed and nothing is read
 * until one is heard; without it, or while it is deaf, the version is checked at most every 10
 * seconds. The compiled vocabulary sits in a one-entry LRU keyed by that version, so /metrics
 * shows how often it was rebuilt (misses) against served (hits).
 */
export class VocabularyCache {
  private readonly compiled = new Lru<string, Vocabulary>({ name: "search-vocabulary", maxEntries: 1 });
  /** When the version was last checked, and what the channel had said by then. */
  private checked: { version: string; at: number; heard: number; generation: number } | undefined;
  private loading: Promise<Vocabulary> | undefined;
  private channel: Channel | undefined;
  /** Changes heard over the channel: a copy read before the latest one is stale. */
  private heard = 0;

  stats(): CacheStats {
    return this.compiled.stats();
  }

  /** Trusts the copy until the channel says the vocabulary changed (or re-listens). */
  listenOn(channel: Channel): void {
    this.channel = channel;
    channel.on(
      SEARCH_VOCABULARY_CHANNEL,
      () => void this.heard++,
      () => void this.heard++,
    );
  }

  async get(sql: Sql): Promise<Vocabulary> {
    const current = this.checked && this.fresh(this.checked) ? this.compiled.get(this.checked.version) : undefined;
    if (current) return current;
    this.loading ??= this.refresh(sql).finally(() => (this.loading = undefined));
    return this.loading;
  }

  private fresh(checked: NonNullable<VocabularyCache["checked"]>): boolean {
    const channel = this.channel;
    if (channel?.listening && checked.generation === channel.generation && checked.heard === this.heard) return true;
    return performance.now() - checked.at < RECHECK_MS;
  }

  private async refresh(sql: Sql): Promise<Vocabulary> {
    // Taken before the read: a change heard while it runs leaves the copy stale.
    const heard = this.heard;
    const generation = this.channel?.listening ? this.channel.generation : -1;
    const [{ version }] = await sql<{ version: string }[]>`select version::text from search_vocabulary_state`;
    let vocabulary = this.compiled.get(version);
    if (!vocabulary) {
      const rows = await sql<VocabularyEntry[]>`select locale, kind, key, term from search_vocabulary`;
      const subcategories = await sql<
        { slug: string; category_slug: string }[]
      >`select slug, category_slug from subcategories`;
      const categories = await sql<{ slug: string }[]>`select slug from categories`;
      vocabulary = new Vocabulary(
        rows,
        new Map(subcategories.map((s) => [s.slug, s.category_slug])),
        new Set(categories.map((c) => c.slug)),
      );
      this.compiled.set(version, vocabulary);
    }
    this.checked = { version, at: performance.now(), heard, generation };
    return vocabulary;
  }
}
