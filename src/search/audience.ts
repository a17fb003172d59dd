// Whom a talk is given to ("다음 달에 해외 투자자들 앞에서 영어로 발표해야 하는데", "present in front of
// investors", "vor dem Vorstand präsentieren") is its audience, the setting of the speaking need,
// not a need for the experts who serve that audience (fundraising advisers for investors).
import type { Interpreter } from "./interpreter.ts";
import { GROUP_WEIGHT } from "./query-types.ts";
import { isNeed, subcategoryKeys } from "./settle.ts";

/** "In front of" written before the audience, in the query languages (normalizeText's forms; the last word of a phrase). */
const BEFORE_AUDIENCE = new Set([
  "front",
  "devant",
  "vor",
  "delante",
  "davanti",
  "przed",
  "voor",
  "перед",
  "framfor",
  "onune",
]);
/** The same written after it (Korean, Japanese, Chinese): at the start of the next word, or right after the group in its run. */
const AFTER_AUDIENCE = ["앞에서", "앞에", "の前で", "前で", "面前"];

/** The speaking needs an audience is the setting of: a talk, or a talk in a language. */
const SPEAKING = new Set(["public-speaking", "business-english"]);

/**
 * Beside a speaking need, a need written right after "in front of" (two stop words between at
 * most), or right before 앞에서, の前で or 面前, weighs as filler and is the talk's setting.
 */
export function audience(interpreter: Interpreter, words: readonly string[]) {
  const { groups, vocabulary } = interpreter;
  const speaking = groups.filter((g) => isNeed(g) && subcategoryKeys(g).some((s) => SPEAKING.has(s)));
  if (!speaking.length) return;
  for (const group of groups) {
    if (speaking.includes(group) || !isNeed(group)) continue;
    const span = interpreter.spans.get(group);
    if (!span) continue;
    let before = false;
    for (let i = span.start - 1, stops = 0; i >= 0 && !before; i--) {
      if (BEFORE_AUDIENCE.has(words[i])) before = true;
      else if (stops < 2 && vocabulary.isStopWord(words[i])) stops++;
      else break;
    }
    const next = words[span.end + 1] ?? "";
    const last = words[span.end] ?? "";
    // Korean spaces it off ("투자자들 앞에서"); Japanese and Chinese write it in the group's own run.
    const after = AFTER_AUDIENCE.some((a) => next.startsWith(a) || last.includes(group.label + a));
    if (before || after) {
      group.weight = Math.min(group.weight, GROUP_WEIGHT.filler);
      group.context = true;
    }
  }
}
