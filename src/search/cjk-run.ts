// A run of Chinese, Japanese or Korean text, which has no spaces between words: read into terms by longest match, a Korean particle set apart.
import type { Interpreter } from "./interpreter.ts";
import { exact } from "./query-groups.ts";
import { GROUP_WEIGHT } from "./query-types.ts";
import { bigrams } from "./tokenize.ts";

/** A run that begins in Hangul: Korean, whose particles follow the word they mark and never begin a run. */
const HANGUL = /^\p{Script=Hangul}/u;

/** Katakana and its long-vowel mark: Japanese writes a foreign word, a place's name too, in one stretch of it. */
const KATAKANA = /^[\p{Script=Katakana}ー]$/u;

/** Concepts that are only a place: a city, a region or a country. */
const onlyPlace = (concepts: readonly { kind: string }[]) =>
  concepts.every((c) => c.kind === "city" || c.kind === "region" || c.kind === "country");

/**
 * A CJK run: the whole as a term, else its terms by longest match (forward maximum matching),
 * particles dropped, the rest as character pairs. A Korean particle follows the word it marks
 * within the run ("변호사가", "회사에서"), so a run's first syllable is never one: "에어컨" is not
 * the particle 에 and "어컨". A whole run that is a function word ("있어요", "주세요") is one.
 */
export function addCjkRun(interpreter: Interpreter, written: string) {
  const { groups, ignored, vocabulary } = interpreter;
  const run = withoutParticle(interpreter, written);
  const whole = vocabulary.lookup(run);
  if (whole.length) return interpreter.addConceptGroup(run, whole);
  // A particle inside a term ("英語の家庭教師" for 英語家庭教師): the run without its one-character stop words.
  const compact = Array.from(run)
    .filter((c) => !vocabulary.isStopWord(c))
    .join("");
  const joined = compact !== run && compact ? vocabulary.lookup(compact) : [];
  if (joined.length) return interpreter.addConceptGroup(compact, joined);
  const chars = Array.from(run);
  const korean = HANGUL.test(run);
  let unknown = "";
  const flush = (alone: boolean) => {
    // A stray single character between recognised terms is a particle or noise; alone it may be a surname.
    if (unknown && (Array.from(unknown).length > 1 || alone))
      groups.push({
        label: unknown,
        alternatives: [exact(...bigrams(unknown))],
        weight: GROUP_WEIGHT.word,
        plain: true,
      });
    unknown = "";
  };
  for (let pos = 0; pos < chars.length; ) {
    let matched = false;
    for (let length = Math.min(vocabulary.maxCjkLength, chars.length - pos); length >= 1 && !matched; length--) {
      const piece = chars.slice(pos, pos + length).join("");
      const concepts = vocabulary.lookup(piece);
      // Korean spaces its words, so a place's name right after syllables of no term is the end of
      // a word the vocabulary lacks: "비즈니스" (business) is not 비즈 and 니스, the city of Nice.
      // So is a place's name in katakana inside a longer katakana word: "アドバイザー" (adviser) is
      // not ア, ドバイ (Dubai) and ザー.
      const katakanaAround =
        KATAKANA.test(chars[pos]) && (KATAKANA.test(chars[pos - 1] ?? "") || KATAKANA.test(chars[pos + length] ?? ""));
      const inWord = onlyPlace(concepts) && ((unknown !== "" && korean) || katakanaAround);
      if (concepts.length && (length > 1 || chars.length === 1) && !inWord) {
        flush(false);
        interpreter.addConceptGroup(piece, concepts);
      } else if (
        vocabulary.isStopWord(piece) &&
        (pos > 0 || !HANGUL.test(piece) || length === chars.length) &&
        // Nor, in Korean, inside a word the vocabulary lacks: a particle ends the word it marks, so
        // "로" in "프로세스" (process) is no particle between 프 and 세스.
        !(korean && unknown !== "" && pos + length < chars.length)
      ) {
        flush(false);
        ignored.push(piece);
      } else continue;
      pos += length;
      matched = true;
    }
    if (!matched) unknown += chars[pos++];
  }
  flush(groups.length === 0);
}

/**
 * A Korean run without the particle that ends it ("수리가": 수리 and 가), the particle ignored, so
 * that the word is read whole and not as a term found inside it (리가, Riga). A run of two
 * syllables or fewer is left as it is: it may be a word that ends like a particle.
 */
function withoutParticle(interpreter: Interpreter, run: string): string {
  const { ignored, vocabulary } = interpreter;
  if (!HANGUL.test(run) || vocabulary.lookup(run).length) return run;
  const bare = vocabulary.withoutParticle(run);
  if (bare !== run) ignored.push(run.slice(bare.length));
  return bare;
}
