import type { Sql } from "../db/connect.ts";
import { editDistance } from "./edit-distance.ts";
import type { LexiconLookup } from "./query-types.ts";

/** At most this many spellings stand in for one misspelt word. */
const MAX_CORRECTIONS = 3;

/**
 * Edits allowed for a word of this length: one up to seven letters, two from eight ("acounting",
 * "nutrtionist"), as Lucene's AUTO fuzziness grows with length. Two edits on a short word reach
 * unrelated words ("devops" → "develops").
 */
export function maxEdits(word: string): number {
  return Array.from(word).length >= 8 ? 2 : 1;
}

/**
 * Edits between a query word and a known one, an edit of the first letter counted twice (as
 * Meilisearch does): people seldom mistype a word's first letter, and a word that differs there
 * is far more often another word ("night" → "right", "lawn" → "dawn") than a typo of it.
 */
export function typoDistance(word: string, known: string, allowed: number): number {
  const distance = editDistance(word, known, allowed);
  return Array.from(word)[0] === Array.from(known)[0] ? distance : distance + 1;
}

/**
 * Typo correction against the lexicon: a word no document or vocabulary term contains is
 * replaced by the nearest known words (trigram candidates, then at most two edits, and words that
 * sound the same, sql/026's search_sound, as one edit), the closest first. One round trip for all
 * the query's words.
 */
export function lexiconLookup(sql: Sql): LexiconLookup {
  return async (words) => {
    // Near words are looked for only when the word itself is unknown (a trigram search each).
    const rows = await sql<{ word: string; known: boolean; near: string[]; sounds: string[] }[]>`
      select k.word, k.known,
        case when k.known then '{}'::text[] else
          array(select l.word from search_lexicon l
                where l.word % k.word
                order by similarity(l.word, k.word) desc, l.word limit 12) end as near,
        case when k.known then '{}'::text[] else
          array(select l.word from search_lexicon l
                where search_sound(l.word) = search_sound(k.word)
                order by similarity(l.word, k.word) desc, l.word limit 6) end as sounds
      from (select w.word, exists (select 1 from search_lexicon x where x.word = w.word) as known
            from unnest(${words}::text[]) as w(word)) k`;
    const result = new Map<string, { known: boolean; near: string[]; edits: number }>();
    for (const row of rows) {
      const allowed = maxEdits(row.word);
      const sounds = new Set(row.sounds);
      const scored = [...new Set([...row.near, ...row.sounds])]
        .map((word) => ({
          word,
          distance: Math.min(typoDistance(row.word, word, allowed), sounds.has(word) ? 1 : Infinity),
        }))
        .filter((c) => c.distance <= allowed)
        // At equal distance a word that sounds the same first: "taks" is "tax" rather than "take",
        // "Marcus" the name "Markus" rather than the Spanish "marcas".
        .sort((a, b) => a.distance - b.distance || Number(sounds.has(b.word)) - Number(sounds.has(a.word)));
      const best = scored[0]?.distance;
      result.set(row.word, {
        known: row.known,
        edits: best ?? 0,
        near: scored
          .filter((c) => c.distance === best)
          .slice(0, MAX_CORRECTIONS)
          .map((c) => c.word),
      });
    }
    return result;
  };
}
