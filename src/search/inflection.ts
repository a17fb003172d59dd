/**
 * A word's stem for matching the vocabulary's phrases in the form a sentence puts them in: "it
 * barely shows up on google" is the need "show up on google", "staff keep quitting" is "keep
 * quitting", "my kids" is "my kid". Endings English shares with the Romance plurals (-s, -es,
 * -ies, -ing, -ed, a final -e or -y and the consonant a suffix doubles) are cut, nothing more: a
 * light stemmer, as Lucene's English minimal stemmer, not Porter's. Only a phrase of two words or
 * more is looked up so (vocabulary.ts): one word cut to its stem meets unrelated terms ("willing"
 * is not a last will).
 */
export function inflectionStem(word: string): string {
  if (/^\p{Script=Cyrillic}{4,}$/u.test(word)) return russianStem(word);
  if (!/^\p{Script=Latin}{4,}$/u.test(word)) return word;
  let stem = word;
  if (stem.endsWith("ies") && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
  else if (stem.endsWith("ing") && stem.length > 5) stem = stem.slice(0, -3);
  else if (stem.endsWith("ed") && stem.length > 4) stem = stem.slice(0, -2);
  else if (stem.endsWith("es") && stem.length > 4) stem = stem.slice(0, -2);
  else if (stem.endsWith("s") && !stem.endsWith("ss")) stem = stem.slice(0, -1);
  stem = stem.replace(/[ey]$/u, "");
  // "quitting" → "quitt" → "quit"; "stopped" → "stop".
  if (stem.length > 3 && /([b-df-hj-np-tv-z])\1$/u.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/**
 * Russian case endings (a light stemmer, as Lucene's RussianLightStemmer: the ending, nothing of
 * the root): a request puts a phrase the vocabulary writes in the nominative in another case
 * ("юрист по трудовому праву" is "трудовое право", "налогового консультанта" "налоговый
 * консультант"). Longest ending first; three letters of the word are always kept.
 */
const RUSSIAN_ENDINGS = [
  "ыми",
  "ими",
  "ого",
  "его",
  "ому",
  "ему",
  "ами",
  "ями",
  "ая",
  "яя",
  "ое",
  "ее",
  "ые",
  "ие",
  "ый",
  "ий",
  "ой",
  "ую",
  "юю",
  "ых",
  "их",
  "ым",
  "им",
  "ей",
  "ов",
  "ев",
  "ам",
  "ям",
  "ах",
  "ях",
  "ом",
  "ем",
  "ию",
  "ия",
  "а",
  "я",
  "о",
  "е",
  "у",
  "ю",
  "ы",
  "и",
  "й",
  "ь",
];

function russianStem(word: string): string {
  for (const ending of RUSSIAN_ENDINGS)
    if (word.endsWith(ending) && word.length - ending.length >= 3) return word.slice(0, -ending.length);
  return word;
}

/**
 * The other number of a plain query word, as the index holds words as written (no stemmer): what
 * a prefix of the word cannot reach. "countries" is "country" (not "countrie"), "taxes" "tax",
 * "asesores" "asesor", "declaraciones" "declaracion", "declaracoes" "declaracao", "fiscais" and
 * "fiscaux" "fiscal"; the other way, "country" is "countries" and "declaracao" "declaracoes"
 * ("company*" never reaches "companies"). The bare "-s" cut is the caller's. Latin words of five
 * letters or more; a wrong form ("rules" → "rul") is a word no profile writes.
 */
export function numberForms(word: string): string[] {
  if (word.length < 5 || !/^\p{Script=Latin}+$/u.test(word)) return [];
  const forms: string[] = [];
  if (word.endsWith("ies")) forms.push(`${word.slice(0, -3)}y`);
  // English after a sibilant ("taxes", "coaches", "businesses"); Spanish after r, l, n, d, y ("asesores", "leyes").
  else if (/(?:[sxz]|ch|sh|[rlndy])es$/u.test(word)) forms.push(word.slice(0, -2));
  if (word.endsWith("oes")) forms.push(`${word.slice(0, -3)}ao`);
  else if (/[aeo]is$/u.test(word)) forms.push(`${word.slice(0, -2)}l`);
  else if (word.endsWith("aux")) forms.push(`${word.slice(0, -3)}al`);
  if (/[^aeiou]y$/u.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  else if (word.endsWith("cao")) forms.push(`${word.slice(0, -3)}coes`);
  return forms;
}

/** A phrase's words, each at its stem, joined by one space. */
export function phraseStem(words: readonly string[]): string {
  return words.map(inflectionStem).join(" ");
}
