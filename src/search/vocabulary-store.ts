import { type CacheStats, Lru } from "../cache/lru.ts";
import type { Channel } from "../db/channel.ts";
import type { Pool, Sql } from "../db/connect.ts";
import { BUILTIN_VOCABULARY, QUERY_VOCABULARY, QUERY_VOCABULARY_LOCALE } from "./builtin-vocabulary.ts";
import { LOCALES, parseVocabularyFile, type VocabularyEntry, type VocabularyLocale } from "./vocabulary-file.ts";
import { termWordsOf, Vocabulary } from "./vocabulary.ts";

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

/** Writes entries as the operator's rows, replacing the operator's rows of the given locales. */
async function replaceEntries(tx: Sql, entries: VocabularyEntry[], locales: readonly VocabularyLocale[]) {
  const source = "operator";
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
 * Records the vocabulary shipped in this build when it differs from the one recorded (compared by
 * hash), in one transaction: its words join the typo lexicon, and the vocabulary's version moves, so
 * every process compiles its copy again. Its rows are not stored: every process reads them from the
 * executable (VocabularyCache), beside the operator's own rows, which are left alone. Until
 * 2026-11-28 they were stored too, 169,000 rows once the query-side files of 19 languages were in:
 * written into the embedded database at the first start (its peak RSS 596 → 947 MiB) and read back
 * by every process. Rows an earlier build stored are deleted here. Run after the migrations.
 */
export async function syncBuiltinVocabulary(sql: Pool): Promise<boolean> {
  const hash = hashOf(BUILTIN_VOCABULARY, QUERY_VOCABULARY);
  const [state] = await sql<{ builtin_hash: string }[]>`select builtin_hash from search_vocabulary_state`;
  if (state?.builtin_hash === hash) return false;
  await sql.begin(async (tx) => {
    await tx`select builtin_hash from search_vocabulary_state for update`;
    // The delete moves the version (its trigger runs once a statement, a row or none).
    await tx`delete from search_vocabulary where source = 'builtin'`;
    await tx`update search_vocabulary_state set builtin_hash = ${hash}`;
    await addLexiconWords(tx, termWordsOf(builtinEntries()));
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
    await replaceEntries(tx, entries, [locale]);
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
      // The shipped entries from the executable, the operator's from the database.
      const operator = await sql<
        VocabularyEntry[]
      >`select locale, kind, key, term from search_vocabulary where source = 'operator'`;
      const subcategories = await sql<
        { slug: string; category_slug: string }[]
      >`select slug, category_slug from subcategories`;
      const categories = await sql<{ slug: string }[]>`select slug from categories`;
      vocabulary = new Vocabulary(
        [...builtinEntries(), ...operator],
        new Map(subcategories.map((s) => [s.slug, s.category_slug])),
        new Set(categories.map((c) => c.slug)),
      );
      this.compiled.set(version, vocabulary);
      // Compiling leaves ~100 MiB of garbage behind (169,000 entries read, normalised and
      // indexed): collected now, once a compile (a start, an operator's import), the first
      // start's RSS when ready is 607 → 515 MiB and its peak 740 → 679 (bench/memory.ts --source).
      Bun.gc(true);
    }
    this.checked = { version, at: performance.now(), heard, generation };
    return vocabulary;
  }
}
