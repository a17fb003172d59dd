import { ANCHORS, type Anchor } from "./anchors.ts";
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug, LANGUAGE_TUTOR_PLACES } from "./categories.ts";
import { COPY } from "./copy/index.ts";
import { drawPerson, type Person } from "./people.ts";
import { type Place, PLACE_WEIGHT, PLACES, place as placeByKey } from "./places.ts";
import { Rng } from "./prng.ts";

// The first pass of the generator: who each expert is and where (generate.ts writes the records).

/** Everything decided about one expert before the record is written out. */
export interface Draft {
  category: CategorySlug;
  anchor?: Anchor;
  rng: Rng;
  titleIndex: number;
  primarySub: string | null;
  place: Place;
  person: Person;
}

/** Decides category slot, title, place and person for every expert, in a fixed order. */
export function drafts(seed: number): Draft[] {
  const usedNames = new Set(ANCHORS.map((a) => a.person.name));
  // Cities are dealt from weighted decks, one per pool, so every city of a pool comes up before
  // any comes up again (beyond its weight) and the spread over countries stays even.
  const dealer = new Rng(seed, "places");
  const decks = new Map<string, string[]>();
  const deal = (pool: string[]) => {
    const id = pool.join(",");
    let deck = decks.get(id);
    if (!deck?.length) {
      deck = dealer.shuffle(pool.flatMap((key) => Array<string>(PLACE_WEIGHT[key] ?? 1).fill(key)));
      decks.set(id, deck);
    }
    return deck.pop()!;
  };
  const out: Draft[] = [];
  for (const category of CATEGORY_SLUGS) {
    const meta = CATEGORIES[category];
    const anchors = ANCHORS.filter((a) => a.category === category);
    const titleCount = COPY.en[category].titles.length;
    const offset = new Rng(seed, `titles:${category}`).int(0, titleCount - 1);
    for (let i = 0; i < meta.count; i++) {
      const rng = new Rng(seed, `${category}#${i}`);
      const anchor = anchors[i];
      const titleIndex = anchor?.title ?? (offset + i) % titleCount;
      const primarySub = meta.titleSubcategory[titleIndex] ?? (rng.chance(0.8) ? rng.pick(meta.subcategories) : null);
      let placeKey = anchor?.place;
      if (!placeKey) {
        const pool =
          category === "language-tutor"
            ? LANGUAGE_TUTOR_PLACES[primarySub!]
            : (meta.places ?? PLACES.map((p) => p.key));
        placeKey = deal(pool);
      }
      const place = placeByKey(placeKey);
      let person = anchor?.person;
      if (!person) {
        // A language tutor teaches their mother tongue: take the place's main naming tradition.
        const cultures = category === "language-tutor" ? [place.cultures[0]] : place.cultures;
        for (let attempt = 0; !person || usedNames.has(person.name); attempt++) {
          if (attempt > 200) throw new Error(`demo data: no unused name left for ${category} in ${place.city}`);
          person = drawPerson(rng, rng.pick(cultures));
        }
        usedNames.add(person.name);
      }
      out.push({ category, anchor, rng, titleIndex, primarySub, place, person });
    }
  }
  return out;
}
