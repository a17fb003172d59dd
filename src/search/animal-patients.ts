// A health or training need whose patient is an animal ("Physiotherapie für meinen Hund nach einer
// Kreuzband-OP", "a nutritionist for my cat"): the physiotherapists, dietitians and coaches here
// treat people, so nobody in the directory fits it (match_quality none), however well the
// profession's name matches. The vocabulary lists the usual names of such trades (vet, dog
// trainer, "physio for my dog") as professions nobody here practises; this reads the rest, in any
// query language, by the animal named beside a need of those fields.
import type { Interpreter } from "./interpreter.ts";
import type { QueryGroup } from "./query-types.ts";
import { categoriesOf, isNeed } from "./settle.ts";

/**
 * Pets and other animals people seek care for, as normalizeText writes them (accents dropped, lower
 * case), in the query languages. Not words that are common words in another query language: "chat"
 * (French cat; "a quick chat with a nutritionist"), "cane" (Italian dog; "I walk with a cane"),
 * "psy" (Polish dogs; French for a psychologist), "at" (Turkish horse), "hast" (Swedish häst),
 * "개" (also a Korean counter).
 */
const ANIMAL_WORDS = new Set(
  (
    "dog dogs puppy puppies doggy cat cats kitten kittens horse horses pony pet pets parrot rabbit hamster " +
    // Breeds stand for their animal ("my overweight labrador"); not "shepherd", "boxer" or "persian": a surname, a sport, a language.
    "labrador labradors retriever poodle bulldog terrier beagle chihuahua dachshund husky spaniel collie pug " +
    "rottweiler schnauzer corgi dalmatian greyhound doberman pomeranian siamese " +
    "hund hunde hundes hundin welpe welpen katze katzen kater pferd pferde haustier haustiere " +
    "chien chiens chienne chiot chiots chatte chaton chatons cheval chevaux " +
    "perro perros perra perrito perrita gato gatos gata gatito caballo caballos mascota mascotas " +
    "cani cagnolino cagnolina gatto gatti gattino cavallo cavalli " +
    "cao caes cachorro cachorra cachorrinho gatinho cavalo " +
    "hond honden hondje kat katten poes paard paarden huisdier huisdieren " +
    "pies psa psem psu kot kota kotem kotka konia " +
    "kopek kopegim kopegimin kedi kedim kedimin " +
    "собака собаки собаку собакой пес пса кошка кошки кошку кот кота лошадь " +
    "hunden katt katten " +
    "كلب كلبي قطة قطتي قط"
  ).split(" "),
);

/** Animal words that say whose they are themselves (Turkish and Arabic "my …"): no marker needed. */
const OWN_ANIMALS = new Set("kopegim kopegimin kedim kedimin كلبي قطتي".split(" "));

/**
 * Words before an animal that make it the one cared for: "for", "my", "our", as normalizeText writes
 * them ("für" → fur), with at most one word between ("for a dog", "for my dog", "il mio gatto").
 * Not "to" or "of": "I'm allergic to cats" is the asker's own need.
 */
const PATIENT_MARKERS = new Set(
  (
    "for my our his her their your " +
    "fur mein meine meinen meinem meiner unser unsere unseren unserem " +
    "pour mon ma mes notre nos " +
    "para mi mis nuestro nuestra nuestros " +
    "per mio mia miei mie nostro nostra " +
    "meu minha meus minhas nosso nossa pro " +
    "voor mijn onze ons " +
    "dla moj mojego mojej moim naszego naszej " +
    "для мой моя моего моей моему наш наша нашего нашей " +
    "min mitt mina var vart"
  ).split(" "),
);

/** The same in Chinese, Japanese and Korean, found inside a run of the query. */
const CJK_ANIMALS = ["犬", "猫", "狗", "宠物", "寵物", "ペット", "강아지", "고양이", "반려견", "반려묘", "반려동물"];

/** The categories whose needs are a person's own body, mind or training. */
const PERSONAL_FIELDS = new Set(["healthcare", "professional-instructor"]);

/**
 * Marks the needs of a query that names an animal cared for (after "for", "my", …: PATIENT_MARKERS)
 * as sought and unlisted (match.ts: nobody has them), when every need is of a personal field
 * (PERSONAL_FIELDS): "my dog bit the neighbour's child, do I need a lawyer" and "moving to Canada
 * with my cat" stay the owner's own needs, "a dietitian, I'm allergic to cats" the asker's.
 */
export function animalPatients(interpreter: Interpreter, words: readonly string[]) {
  const cared = (w: string, i: number) =>
    OWN_ANIMALS.has(w) ||
    (ANIMAL_WORDS.has(w) && (PATIENT_MARKERS.has(words[i - 1]) || PATIENT_MARKERS.has(words[i - 2]))) ||
    CJK_ANIMALS.some((a) => w.includes(a));
  if (!words.some(cared)) return;
  const needs = interpreter.groups.filter(isNeed);
  const personal = (g: QueryGroup) => {
    const fields = categoriesOf(interpreter.vocabulary, g);
    return fields.length > 0 && fields.every((c) => PERSONAL_FIELDS.has(c));
  };
  if (!needs.length || !needs.every(personal)) return;
  for (const group of needs) {
    group.unlisted = true;
    group.sought = true;
  }
}
