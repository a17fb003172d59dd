// A language beside a word of learning ("clases de alemán") is its tutoring: the words of teaching, and the pass that reads the language so.
import type { Interpreter } from "./interpreter.ts";
import { normalizeText, plainSpellings } from "./normalize.ts";
import { asProfession, dedupe, isPlainWord } from "./query-groups.ts";
import { FACTOR, GROUP_WEIGHT, type QueryGroup } from "./query-types.ts";
import { writesAny } from "./tokenize.ts";

/**
 * Words of learning and teaching, in the languages queries come in, with the case forms a
 * sentence puts them in (ru, pl, tr), the definite forms of sv and Arabic (its article dropped by normalizeText): beside a language they ask for its tutor ("преподавателя
 * испанского", "nauczyciela niemieckiego"). Normalised as `q` is (accents dropped; ı, ł, ё also plain).
 */
const TEACHING_WORDS = new Set(
  (
    "teach teaching learn learning study studying practice practise practising practicing improve tutor tutors " +
    "tutoring teacher teachers lesson lessons class classes course courses " +
    "aprender ensenar estudiar clases clase profesor profesora profesores curso cursos " +
    "apprendre enseigner etudier cours professeur professeure prof lecon lecons " +
    "lernen lehren unterricht lehrer lehrerin nachhilfe kurs kurse " +
    "imparare insegnare studiare lezione lezioni insegnante professore professoressa corso corsi ripetizioni " +
    "aula aulas professor professora ensinar estudar " +
    "leren lessen les bijles leraar lerares docent cursus " +
    "учить выучить изучать изучить урок уроки уроков занятия репетитор репетитора репетитором " +
    "преподаватель преподавателя преподавателем учитель учителя учителем курс курсы курсов " +
    "uczyć nauczyć nauka nauki lekcja lekcje lekcji kurs kursu nauczyciel nauczyciela nauczycielka nauczycielki " +
    "korepetycje korepetytor korepetytora lektor lektora " +
    "ders dersi dersleri ders almak öğrenmek öğretmen öğretmeni öğretmene kurs kursu hoca hocası " +
    "lära plugga studera öva undervisning lärare läraren lärarna lektion lektionen lektioner kursen kurser " +
    "privatlärare " +
    "تعلم تعليم اتعلم درس دروس مدرس مدرسه معلم معلمه استاذ استاذه دوره دورات كورس كورسات " +
    // Who starts from nothing is learning: "Japanese for beginners", "principiante de alemán".
    "beginner beginners principiante principiantes debutant debutants debutante debutantes anfanger anfangerin " +
    "iniciante iniciantes poczatkujacy poczatkujaca начинающий начинающих начинающая nyborjare"
  )
    .split(" ")
    .flatMap((w) => plainSpellings(normalizeText(w))),
);

/**
 * A language that is not the asker's own ("English isn't my first language", "not my native
 * language", "as a second language"): the wish to speak it better, as a word of teaching says.
 */
const NOT_FIRST_LANGUAGE = /\b(?:first|native|mother) (?:language|tongue)\b|\bsecond language\b|\bnon ?native\b/;

/**
 * A language to get by in, or to start from nothing ("needs to get by in everyday Japanese,
 * starting from zero", "aprender desde cero"): the wish to speak it, as a word of teaching says.
 * Not "I don't speak Japanese", which as often asks for an expert who speaks the asker's language.
 */
const FROM_NOTHING =
  /\b(?:get(?:ting)? by|from (?:zero|scratch)|speak zero|desde cero|do zero|da zero|von null|de zero|od zera|sifirdan|fran noll)\b|с нуля/u;

/** The words of NOT_FIRST_LANGUAGE. */
const NOT_FIRST_WORDS = new Set(["first", "native", "mother", "language", "tongue", "second", "non", "nonnative"]);

/** Words before a language that make it the means ("in English", "en français", "auf Deutsch", "на русском"). */
const MEANS_BEFORE = new Set(["in", "en", "auf", "em", "på", "pa", "na", "на", "po"]);

/** The languages a group names (its `lang:` tokens), where it is a language and not a profession. */
const languagesOf = (group: QueryGroup): string[] =>
  group.concepts !== undefined
    ? []
    : group.alternatives.flatMap((a) =>
        a.lexemes.length === 1 && a.lexemes[0].startsWith("lang:") ? [a.lexemes[0].slice("lang:".length)] : [],
      );

/** A group written as the means: "in English", "en français" (MEANS_BEFORE, before it or its phrase's first word), "영어로", "日本語で", "用英语". */
function writtenAsMeans(interpreter: Interpreter, words: readonly string[], g: QueryGroup): boolean {
  const start = interpreter.spans.get(g)?.start;
  const before = start === undefined ? "" : (words[start - 1] ?? "");
  return (
    MEANS_BEFORE.has(before) ||
    MEANS_BEFORE.has(g.label.split(" ")[0]) ||
    words.some(
      (w) => w === `${g.label}로` || w === `${g.label}으로` || w.includes(`${g.label}で`) || w.includes(`用${g.label}`),
    )
  );
}

/**
 * Another person speaking, in the query languages (normalizeText's forms): third-person forms, so
 * that the asker's own "I want to speak better English" or "hablo un poco de inglés" is not one.
 * French "parle" is the asker's too ("je parle"): only after "qui" (QUI_PARLE).
 */
const SPEAKS = new Set(["speaks", "habla", "hable", "spricht", "spreekt", "fala", "fale", "parla", "mowi", "говорит"]);
const QUI_PARLE = new Set(["parle", "parlent"]);

/**
 * A language the teacher is to speak beside the one to learn ("un prof qui parle aussi français",
 * "an English tutor who also speaks French"): a SPEAKS verb in the group's words or in the three
 * words before it. Its speakers, then, not its tutors.
 */
function spokenByTeacher(interpreter: Interpreter, words: readonly string[], g: QueryGroup): boolean {
  const span = interpreter.spans.get(g);
  if (!span) return false;
  for (let i = Math.max(0, span.start - 3); i <= span.end; i++)
    if (SPEAKS.has(words[i]) || (QUI_PARLE.has(words[i]) && words.slice(Math.max(0, i - 2), i).includes("qui")))
      return true;
  return false;
}

/**
 * The asker's own talk or job interview in a language other than the one `q` is written in
 * ("una entrevista de trabajo en inglés … me quedo en blanco", "영어로 발표를 해야 하는데"): a
 * language to speak better, as a word of teaching says. Not beside an employer's hiring, nor
 * without a talk or an interview ("un abogado que hable en inglés" wants a speaker).
 */
function speaksAnother(interpreter: Interpreter, words: readonly string[], written: string | null): boolean {
  if (written === null) return false;
  const { groups } = interpreter;
  const talk = groups.some(
    (g) =>
      !g.hiring &&
      (g.concepts ?? "")
        .split(" ")
        .some((id) => id === "subcategory\tpublic-speaking" || id === "subcategory\trecruiting"),
  );
  return (
    talk &&
    groups.some((g) => {
      const languages = languagesOf(g);
      return languages.length > 0 && !languages.includes(written) && writtenAsMeans(interpreter, words, g);
    })
  );
}

/** The categories that teach languages: English by a category of its own, the others by subcategories of one. */
const ENGLISH_TUTOR = "english-tutor";
const LANGUAGE_TUTOR = "language-tutor";

/**
 * The same words in Chinese, Japanese and Korean, found inside a run ("韓国語を勉強したい",
 * "일본어를 배우고 싶어요", "想学习法语"): the stems of learning and teaching, not 学 or 教 alone
 * (大学, 宗教).
 */
const CJK_TEACHING = [
  ..."勉強 学び 学ぶ 習い 習う 身につけ 教えて 教わ 先生 講師 レッスン 教室 家庭教師".split(" "),
  ..."学习 想学 学会 教我 老师 课程 辅导 家教 补习".split(" "),
  ..."배우 배울 공부 선생님 강사 레슨 수업 과외 가르쳐 가르치".split(" "),
];

/**
 * A language beside a word of teaching ("teach me japanese", "practice my French", "clases de
 * alemán") is its tutoring, not only the language an expert speaks: the language's group then
 * also stands for the subcategory that teaches it (found as its "learn …" term) and names the need.
 */
export function teachLanguages(
  interpreter: Interpreter,
  words: string[],
  written: string | null = null,
  learning = false,
) {
  const { groups, vocabulary } = interpreter;
  const notFirst = NOT_FIRST_LANGUAGE.test(words.join(" "));
  const fromNothing = FROM_NOTHING.test(words.join(" "));
  const speaking = speaksAnother(interpreter, words, written);
  if (!learning && !writesAny(words, TEACHING_WORDS, CJK_TEACHING) && !notFirst && !speaking && !fromNothing) return;
  // The interview is then what the asker faces, its setting: the language is the need, not recruiters.
  if (speaking)
    for (const g of groups)
      if (!g.hiring && (g.concepts ?? "").split(" ").includes("subcategory\trecruiting")) {
        g.weight = Math.min(g.weight, GROUP_WEIGHT.filler);
        g.context = true;
      }
  // The phrase's own words ("first", "language", "native") said which language; as words they
  // would match anyone's bio ("my first job"), and they are no part of the need.
  if (notFirst)
    for (const group of groups.filter((g) => isPlainWord(g) && NOT_FIRST_WORDS.has(g.label))) {
      groups.splice(groups.indexOf(group), 1);
      interpreter.ignored.push(group.label);
    }
  const untaught: QueryGroup[] = [];
  let anyTaught = false;
  // Beside another language to learn, the one `q` is written in is how it is to be taught, not
  // what ("韓国語を身につけたい… 日本語で説明してくれる先生", "learn Spanish with a teacher who
  // explains in English"): its speakers, not its tutors.
  const tutoring = (g: QueryGroup) =>
    (g.concepts ?? "").split(" ").some((id) => {
      const [kind, key] = id.split("\t");
      return kind === "category"
        ? key === ENGLISH_TUTOR
        : vocabulary.categoryOfSubcategory.get(key ?? "") === LANGUAGE_TUTOR;
    });
  // So is one written as the means: "영어로" (with 로), "日本語で", "用英语", "in English", "en français",
  // and one the teacher speaks ("un prof qui parle aussi français", "a tutor who speaks Spanish").
  const asMeans = (g: QueryGroup) => writtenAsMeans(interpreter, words, g) || spokenByTeacher(interpreter, words, g);
  const medium = groups.find(
    (g) =>
      languagesOf(g).length > 0 &&
      ((written !== null && languagesOf(g).includes(written)) || asMeans(g)) &&
      groups.some((other) => other !== g && (languagesOf(other).length > 0 || tutoring(other))),
  );
  // It qualifies the need as a modifier does ("online"): a tutor of another language who speaks it
  // must not pass a tutor of the one asked for who does not.
  if (medium) medium.weight = Math.min(medium.weight, GROUP_WEIGHT.filler);
  for (const group of groups) {
    const languages = languagesOf(group);
    if (!languages.length || group === medium) continue;
    const taught = languages.flatMap((key) =>
      vocabulary
        .terms({ kind: "language", key })
        .flatMap((term) => vocabulary.lookup(`learn ${term}`))
        // English is taught by a category of its own (english-tutor), other languages by subcategories.
        .filter((c) => c.kind === "subcategory" || c.kind === "category"),
    );
    const unique = [...new Map(taught.map((c) => [c.key, c])).values()];
    if (!unique.length) {
      untaught.push(group);
      continue;
    }
    anyTaught = true;
    // Speaking the language is not teaching it: an expert who only speaks it meets the need in part.
    const spoken = group.alternatives.map((a) =>
      a.lexemes.length === 1 && a.lexemes[0].startsWith("lang:")
        ? { ...a, factor: Math.min(a.factor, FACTOR.parent) }
        : a,
    );
    group.alternatives = dedupe([...spoken, ...unique.flatMap((c) => interpreter.conceptAlternatives(c))]);
    asProfession(group, unique);
  }
  // A language nobody here teaches, beside a word of teaching and no language that is taught
  // ("lezioni di italiano", "репетитор по португальскому"), is a need nobody has, as an unlisted
  // profession is: its speakers do not teach it. (Beside a taught one it is what the asker speaks.)
  if (anyTaught) return;
  for (const group of untaught) {
    for (const a of group.alternatives)
      for (const l of a.lexemes) if (l.startsWith("lang:")) interpreter.recognized.languages.delete(l.slice(5));
    group.alternatives = group.alternatives.filter((a) => !a.lexemes.some((l) => l.startsWith("lang:")));
    Object.assign(group, { weight: GROUP_WEIGHT.profession, plain: false, unheard: true, unlisted: true });
  }
}

/**
 * "The language" of a country (a generic word for language, in the query languages, as normalizeText
 * writes it; CJK found inside a run): "she has to pass the language exam first" before studying in
 * Japan is Japanese.
 */
const LANGUAGE_WORDS = new Set(
  "language languages langue sprache idioma lingua taal jezyk jezyka sprak spraket dil dili язык языка языку لغه اللغه".split(
    " ",
  ),
);
const CJK_LANGUAGE = ["言語", "语言", "語言", "언어"];

/** Words of an exam, beside which "the language" is to be learnt as surely as beside a teacher. */
const EXAM_WORDS = new Set(
  "exam exams test examen examens prufung esame exame egzamin prov sinav экзамен امتحان".split(" "),
);
const CJK_EXAM = ["試験", "考试", "考試", "시험"];

/** The language a country's people speak, where one is (ISO 3166-1 alpha-2 → ISO 639-1). */
const COUNTRY_LANGUAGE: Readonly<Record<string, string>> = {
  JP: "ja",
  KR: "ko",
  CN: "zh",
  TW: "zh",
  DE: "de",
  AT: "de",
  FR: "fr",
  ES: "es",
  MX: "es",
  AR: "es",
  CO: "es",
  CL: "es",
  PE: "es",
  IT: "it",
  BR: "pt",
  PT: "pt",
  NL: "nl",
  RU: "ru",
  SE: "sv",
  PL: "pl",
  TR: "tr",
  SA: "ar",
  AE: "ar",
  EG: "ar",
  GB: "en",
  US: "en",
  CA: "en",
  AU: "en",
  IE: "en",
  NZ: "en",
};

/**
 * "The language" beside a word of learning or an exam, with one country named and no language
 * ("university in Japan … has to pass the language exam first", "move to Germany and learn the
 * language"), is that country's language to learn: read as if it were written, so that
 * teachLanguages reads it as its tutoring (told so: an exam is no word of teaching of its own).
 */
export function countryLanguage(interpreter: Interpreter, words: readonly string[]): boolean {
  const { groups, recognized, vocabulary } = interpreter;
  if (
    !writesAny(words, LANGUAGE_WORDS, CJK_LANGUAGE) ||
    recognized.languages.size > 0 ||
    recognized.countries.size !== 1
  )
    return false;
  const learning = writesAny(words, EXAM_WORDS, CJK_EXAM) || writesAny(words, TEACHING_WORDS, CJK_TEACHING);
  const language = COUNTRY_LANGUAGE[[...recognized.countries][0].toUpperCase()];
  if (!learning || !language) return false;
  const concept = { kind: "language", key: language } as const;
  // The word as written ("langue", "Sprache") stands for it where it is a group of its own.
  const written = groups.find((g) => isPlainWord(g) && LANGUAGE_WORDS.has(g.label));
  if (written) {
    written.alternatives = dedupe([...written.alternatives, ...interpreter.conceptAlternatives(concept)]);
    written.plain = false;
    return true;
  }
  const name = vocabulary.terms(concept)[0];
  if (!name) return false;
  interpreter.addConceptGroup(normalizeText(name), [concept]);
  return true;
}
