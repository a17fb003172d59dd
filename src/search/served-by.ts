/**
 * Who serves an everyday need: the subcategories (or, where no subcategory is the need, the
 * categories) of the directory that an expert asked about it would come from. "my landlord won't
 * give back my deposit" is a property lawyer's matter, "fix my CV" a recruiter's, though neither
 * "landlord" nor "CV" is a profession's name. Written from what the professions do (sql/001's
 * categories), not from queries. A synonym listed here stands for these and only these; one not
 * listed is linked by the terms it shares with a profession (vocabulary.ts linkSynonyms). Needs
 * no profession here serves (health insurance, translation, pregnancy), a job ("moving to Berlin for a job" is
 * seldom a recruiter's matter), and marriage, whose words ("wedding") ask
 * for a lawyer far less often than for a photographer, are left out on purpose.
 */
export const SERVED_BY: Readonly<Record<string, readonly string[]>> = {
  apartment: ["residential"],
  house: ["residential"],
  mortgage: ["residential", "financial-planning"],
  rent: ["residential", "property-law"],
  lease: ["property-law", "residential", "commercial"],
  landlord: ["property-law", "residential"],
  tenant: ["property-law", "residential"],
  loan: ["financial-planning"],
  debt: ["financial-planning"],
  bankruptcy: ["corporate-law", "financial-planning"],
  insurance: ["financial-planning"],
  pension: ["financial-planning"],
  savings: ["financial-planning"],
  retirement: ["financial-planning"],
  stocks: ["investment"],
  cryptocurrency: ["investment"],
  startup: ["startups"],
  invoice: ["bookkeeping"],
  freelancer: ["personal-tax", "bookkeeping"],
  "self-employed": ["personal-tax", "bookkeeping"],
  employer: ["employment-law", "hr-compliance"],
  resume: ["recruiting"],
  "job interview": ["recruiting"],
  salary: ["compensation"],
  "student visa": ["immigration"],
  "study abroad": ["immigration", "exam-prep"],
  university: ["exam-prep"],
  will: ["family-law"],
  inheritance: ["family-law", "personal-tax"],
  "power of attorney": ["family-law"],
  court: ["legal"],
  trademark: ["trademarks"],
  patent: ["patents"],
  website: ["technology", "digital-marketing"],
  app: ["software-architecture"],
  "online shop": ["digital-marketing"],
};
