// Probe of everyday needs (branch need-words): requests in everyday words, written from what each
// profession does (not from the judged sets), and requests nobody in the directory serves. Prints,
// per request, the best three experts' specialties and match_quality, and the totals.
//   bun test ./bench/need-words-probe.ts                      # embedded database
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bun test ./bench/need-words-probe.ts
import { afterAll, it, setDefaultTimeout } from "bun:test";
import { testApp } from "../test/support/app.ts";

setDefaultTimeout(600_000);

/** A request and the subcategories or categories that serve it (any one is right). */
const FIT: [string, string[]][] = [
  ["our company got hacked, who can tell us what to fix", ["cybersecurity"]],
  ["an employee clicked a phishing link and now our files are encrypted", ["cybersecurity"]],
  ["staff keep quitting after a few months", ["recruiting", "human-resources"]],
  [
    "I inherited money and don't know whether to pay off the mortgage or invest it",
    ["financial-planning", "investment"],
  ],
  ["we want to enter the Japanese market", ["strategy"]],
  ["our employees want stock options, how do we set that up", ["compensation"]],
  ["I can't sleep and feel overwhelmed all the time", ["mental-health"]],
  ["I twisted my ankle playing football and it still hurts", ["physiotherapy"]],
  ["I want to lose weight and eat healthier", ["nutrition"]],
  ["receipts everywhere, someone needs to sort out our expenses every month", ["bookkeeping"]],
  ["the bank wants our accounts checked by an independent firm before the loan", ["audit"]],
  ["we need our year-end figures prepared for the shareholders", ["financial-statements"]],
  ["how much tax do I owe on my side income", ["personal-tax"]],
  ["I worked in two countries last year, where do I pay tax", ["international-tax"]],
  ["my business partner wants to leave and sell his shares", ["corporate-law"]],
  ["a client refuses to pay what we agreed in writing", ["contract-law"]],
  ["my boss let me go right after I told him I was pregnant", ["employment-law"]],
  ["my ex won't let me see the kids", ["family-law"]],
  ["someone copied my photos and uses them without permission", ["copyright"]],
  ["a competitor is using our brand name and logo", ["trademarks"]],
  ["I came up with a new kind of bike lock and want to protect the idea", ["patents"]],
  ["the neighbour built a fence on my land", ["property-law"]],
  ["we need a bigger office for our growing team", ["commercial"]],
  ["we want to sell our family home", ["residential"]],
  ["I got a job offer in Canada and need to move there", ["work-visas"]],
  ["my wife is American and we want to live together in the US", ["family-immigration"]],
  ["how can I become a citizen after living here ten years", ["citizenship"]],
  ["I freeze when I have to speak in front of an audience", ["public-speaking"]],
  ["I was just promoted to manage my former colleagues", ["leadership"]],
  ["our projects are always late and over budget", ["project-management"]],
  ["I need a high score on an english test for university admission", ["exam-prep"]],
  ["I want to sound more natural when I chat with native speakers", ["conversation"]],
  ["writing emails to clients in english is hard for me", ["business-english"]],
  ["our website does not show up on google", ["seo"]],
  ["customers don't recognise us, we need a new look and a new name", ["branding"]],
  ["we need more followers and leads from instagram ads", ["digital-marketing"]],
  ["our servers crash whenever traffic spikes", ["cloud", "software-architecture"]],
  ["we want to predict which customers will cancel", ["data-ai"]],
  ["we need to raise money from investors for our startup", ["fundraising"]],
  ["our deliveries are always late and the warehouse is chaos", ["operations"]],
  ["I have an idea for a business but don't know where to start", ["startups"]],
  ["a labour inspector wrote to us about overtime records", ["hr-compliance", "employment-law"]],
  ["Unser Unternehmen wurde gehackt, was müssen wir jetzt tun", ["cybersecurity"]],
  ["Mitarbeiter kündigen ständig nach wenigen Monaten", ["recruiting", "human-resources"]],
  ["Ich habe Rückenschmerzen seit Wochen", ["physiotherapy"]],
  ["je n'arrive plus à dormir, je suis épuisé par le travail", ["mental-health"]],
  ["nous voulons nous implanter sur le marché japonais", ["strategy"]],
  ["heredé dinero y no sé si amortizar la hipoteca o invertir", ["financial-planning", "investment"]],
  ["quiero bajar de peso", ["nutrition"]],
  ["会社がハッキングされました", ["cybersecurity"]],
  ["社員がすぐ辞めてしまう", ["recruiting", "human-resources"]],
  ["我想减肥", ["nutrition"]],
  ["公司想进入日本市场", ["strategy"]],
  ["직원들이 자꾸 퇴사해요", ["recruiting", "human-resources"]],
  ["허리가 아파요", ["physiotherapy"]],
  ["i dipendenti se ne vanno dopo pochi mesi", ["recruiting", "human-resources"]],
  ["ho ereditato dei soldi e non so come investirli", ["financial-planning", "investment"]],
  ["ons bedrijf is gehackt", ["cybersecurity"]],
  ["quero abrir uma empresa e não sei por onde começar", ["startups", "corporate-law"]],
  ["meu chefe me demitiu sem motivo", ["employment-law"]],
];

/** Requests nobody in the directory serves: they must answer match_quality "none". */
const NONE = [
  "my dog keeps limping after walks",
  "need a photographer for our wedding",
  "the kitchen sink is leaking",
  "my car makes a strange noise when I brake",
  "looking for a hairdresser for curly hair",
  "someone to clean the place every week",
  "cat sitter while I travel",
  "wedding planner for June",
  "entertainer for my son's birthday party",
  "tattoo artist for a sleeve",
  "fix my leaking roof",
  "piano lessons for my son",
  "a DJ for a party",
  "Hundefriseur in Berlin",
  "réparer ma machine à laver",
  "mecánico para mi coche",
  "犬のトリミング",
  "yoga classes near me",
  "babysitter for saturday night",
  "a dentist for a toothache",
  "moving company to help us move house",
  "florist for mother's day",
  "electrician, the power keeps going out",
  "painter for our living room",
  "personal trainer at the gym",
];

let fit1 = 0;
let fit3 = 0;
let none = 0;
afterAll(() => {
  console.log(
    `\nPROBE fit@1 ${fit1}/${FIT.length}  fit@3 ${fit3}/${FIT.length}  no-fit kept none ${none}/${NONE.length}`,
  );
});

async function search(q: string) {
  const app = await testApp();
  const res = await fetch(`${app.url}/api/agents/experts?q=${encodeURIComponent(q)}&limit=10`, {
    headers: { accept: "application/json" },
  });
  const body = (await res.json()) as {
    experts: { slug: string; categories: string[]; subcategories: string[] }[];
    match_quality: string;
  };
  // The summary names categories only: the specialties come from the database.
  for (const e of body.experts) {
    const rows = await app.sql<{ s: string }[]>`
      select es.subcategory_slug as s from expert_subcategories es join experts x on x.id = es.expert_id where x.slug = ${e.slug}`;
    e.subcategories = rows.map((r) => r.s);
  }
  return body;
}

it("probes", async () => {
  for (const [q, want] of FIT) {
    const body = await search(q);
    const serves = (e: { categories: string[]; subcategories: string[] }) =>
      want.some((w) => e.subcategories.includes(w) || e.categories.includes(w));
    const top = body.experts.slice(0, 3);
    const at1 = top.length > 0 && serves(top[0]);
    const at3 = top.some(serves);
    fit1 += at1 ? 1 : 0;
    fit3 += at3 ? 1 : 0;
    console.log(
      `${at1 ? "1" : at3 ? "3" : "-"} ${body.match_quality.padEnd(7)} ${q}  [${want}] → ${top.map((e) => e.subcategories[0] ?? e.categories[0]).join(", ")}`,
    );
  }
  for (const q of NONE) {
    const body = await search(q);
    if (body.match_quality === "none") none++;
    console.log(
      `${body.match_quality === "none" ? "ok" : "!!"} ${body.match_quality.padEnd(7)} ${q} → ${body.experts
        .slice(0, 3)
        .map((e) => e.subcategories[0] ?? e.categories[0])
        .join(", ")}`,
    );
  }
});
