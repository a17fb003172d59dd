// The queries of bench/search-fuzz.ts: agent-style queries of several words, generated from a
// fixed seed, half from the directory's own words (vocabulary terms of every locale, category
// names, service titles, cities, names) and half from outside them (everyday English words,
// languages without vocabulary, regulations and compliance terms). Nobody tuned search for them:
// they are there to find the query whose work has no bound.
import { demoExperts } from "../src/demo/index.ts";
import { mulberry32 } from "../src/demo/prng.ts";
import { BUILTIN_VOCABULARY } from "../src/search/builtin-vocabulary.ts";
import { LOCALES, parseVocabularyFile } from "../src/search/vocabulary-file.ts";

/** Everyday English words no vocabulary holds (some of them prefixes of many others). */
const ENGLISH = `house garden river window quickly yellow market paper bright engine letter horses summer winter
  station coffee kitchen bridge forest silver travel orange friend number report music account support service
  project design online local small large private public urgent weekend evening remote office building shop
  insurance mortgage pension invoice budget startup client customer review training quality safety energy solar
  climate water food restaurant hotel wedding photo video game mobile phone app website cloud data network
  security privacy policy risk management strategy plan process change growth sales team leader manager
  cheap affordable free first call expert help advice question problem issue work back taxes pain dog cat car
  boat plane train school university student child family parents home rent buy sell invest money bank card`
  .split(/\s+/)
  .filter(Boolean);

/** Words and phrases of languages the vocabulary does not have, and others' words it may not know. */
const FOREIGN = [
  "abogado de familia",
  "abogado laboral en madrid",
  "contador para impuestos",
  "asesor fiscal barato",
  "necesito un abogado",
  "consulente fiscale milano",
  "avvocato divorzista",
  "commercialista a roma",
  "traduttore giurato",
  "advogado trabalhista",
  "contador em lisboa",
  "consultor de marketing digital",
  "preciso de um advogado",
  "belastingadviseur amsterdam",
  "advocaat arbeidsrecht",
  "księgowy warszawa",
  "prawnik rodzinny",
  "avukat istanbul",
  "muhasebeci",
  "адвокат по семейным делам",
  "бухгалтер москва",
  "محامي عقود",
  "वकील दिल्ली",
  "luật sư hà nội",
  "pengacara jakarta",
  "revisor oslo",
  "skatterådgivare stockholm",
  "steuerkanzlei günstig",
  "expert-comptable pas cher",
  "avocat droit du travail paris",
  "税理士 大阪 安い",
  "변호사 상담 무료",
  "律师 上海 离婚",
  "会計士 英語",
];

/** Regulations, standards and compliance terms: the words that made one concept expand into hundreds of phrases. */
const REGULATIONS = [
  "GDPR",
  "HIPAA",
  "SOX",
  "ISO 27001",
  "ISO 9001",
  "PCI DSS",
  "CCPA",
  "AML",
  "KYC",
  "MiFID II",
  "Basel III",
  "DORA",
  "NIS2",
  "SOC 2",
  "FCPA",
  "DSGVO",
  "RGPD",
  "EU AI Act",
  "data protection",
  "anti money laundering",
  "export control",
  "sanctions",
];
const COMPLIANCE = [
  "compliance",
  "compliance audit",
  "compliance consultant",
  "audit",
  "certification",
  "readiness",
  "policy review",
  "training",
];

function vocabularyTerms(): { terms: string[]; cities: string[]; languages: string[]; cjk: string[] } {
  const terms: string[] = [];
  const cities: string[] = [];
  const languages: string[] = [];
  const cjk: string[] = [];
  for (const locale of LOCALES) {
    for (const entry of parseVocabularyFile(BUILTIN_VOCABULARY[locale], locale).entries) {
      if (entry.kind === "stop") continue;
      if (entry.kind === "city") cities.push(entry.term);
      else if (entry.kind === "language") languages.push(entry.term);
      else if (/^[^\p{Script=Latin}]+$/u.test(entry.term)) cjk.push(entry.term);
      else terms.push(entry.term);
    }
  }
  return { terms, cities, languages, cjk };
}

/** `n` distinct queries from `seed`: the same list every run. */
export function fuzzQueries(n: number, seed: number): string[] {
  const random = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const { terms, cities, languages, cjk } = vocabularyTerms();
  const experts = demoExperts();
  const services = experts.flatMap((e) => (e.services ?? []).map((s) => s.title));
  const names = experts.map((e) => e.name);
  const categories = experts
    .flatMap((e) => [...e.categories, ...(e.subcategories ?? [])])
    .map((slug) => slug.replace(/-/g, " "));
  const kinds: (() => string)[] = [
    () => `${pick(terms)} ${pick(terms)}`,
    () => `${pick(terms)} ${pick(cities)}`,
    () => `${pick(terms)} ${pick(ENGLISH)}`,
    () => `${pick(ENGLISH)} ${pick(ENGLISH)} ${pick(ENGLISH)}`,
    () => `${pick(REGULATIONS)} ${pick(COMPLIANCE)}`,
    () => `${pick(REGULATIONS)} ${pick(terms)}`,
    () => `I need a ${pick(terms)} who speaks ${pick(languages)}`,
    () => `someone to help with ${pick(ENGLISH)} ${pick(terms)} in ${pick(cities)}`,
    () => `${pick(services)}`,
    () => `${pick(services)} ${pick(cities)}`,
    () => `${pick(categories)} ${pick(ENGLISH)}`,
    () => `${pick(FOREIGN)}`,
    () => `${pick(FOREIGN)} ${pick(ENGLISH)}`,
    () => `${pick(cjk)}${pick(["の", "", " ", "에서 ", "的"])}${pick(cjk)}`,
    () => `${pick(names).split(" ")[0]} ${pick(terms)}`,
    () => `${pick(ENGLISH)} ${pick(REGULATIONS)} ${pick(COMPLIANCE)} ${pick(cities)}`,
  ];
  // The three slowest first, then the generated ones.
  const out = new Set<string>(["GDPR compliance", "data protection compliance audit", "ISO 27001 compliance audit"]);
  for (let i = 0; out.size < n && i < n * 50; i++)
    out.add(kinds[out.size % kinds.length]().replace(/\s+/g, " ").trim().slice(0, 200));
  return [...out];
}
