/**
 * What each category needs beyond its texts: its subcategories (as in sql/001_experts.sql), how
 * many demo experts it gets, which subcategory each title variant implies, related categories for
 * secondary listings, expertise tags and where its experts are based. Texts per locale are in
 * copy/, services in services.ts.
 */

export const CATEGORY_SLUGS = [
  "legal",
  "accounting",
  "tax-advisory",
  "business-consulting",
  "finance",
  "marketing",
  "technology",
  "immigration",
  "healthcare",
  "human-resources",
  "intellectual-property",
  "real-estate",
  "english-tutor",
  "language-tutor",
  "professional-instructor",
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

export interface CategoryMeta {
  /** Subcategory slugs of this category, in the order of the SQL seed. */
  subcategories: string[];
  /** How many demo experts have this as their primary category. */
  count: number;
  /** Per title variant (copy/*.ts `titles`), the subcategory it implies, or null for a general title. */
  titleSubcategory: (string | null)[];
  /** Categories an expert of this one is plausibly also listed in. */
  related: CategorySlug[];
  /** Tags any expert of the category may carry. */
  tags: string[];
  /** Tags per subcategory. */
  subcategoryTags: Record<string, string[]>;
  /** Tags that only make sense in one country. */
  countryTags?: Record<string, string[]>;
  /** Place keys (places.ts) where its experts live; absent means anywhere. */
  places?: string[];
}

const ENGLISH_TUTOR_PLACES = [
  "london",
  "manchester",
  "edinburgh",
  "dublin",
  "new-york",
  "boston",
  "chicago",
  "toronto",
  "vancouver",
  "sydney",
  "melbourne",
  "brisbane",
];

const IMMIGRATION_PLACES = [
  "toronto",
  "vancouver",
  "montreal",
  "calgary",
  "new-york",
  "san-francisco",
  "miami",
  "london",
  "dublin",
  "sydney",
  "melbourne",
  "berlin",
  "amsterdam",
  "paris",
  "singapore",
  "dubai",
  "tokyo",
];

/** Where a tutor of each language lives: where it is the local language. */
export const LANGUAGE_TUTOR_PLACES: Record<string, string[]> = {
  spanish: ["madrid", "barcelona", "mexico-city", "guadalajara"],
  japanese: ["tokyo", "osaka"],
  korean: ["seoul", "busan"],
  french: ["paris", "lyon", "montreal"],
  german: ["berlin", "munich", "hamburg"],
  mandarin: ["shanghai", "beijing", "taipei", "shenzhen"],
};

export const CATEGORIES: Record<CategorySlug, CategoryMeta> = {
  legal: {
    subcategories: ["contract-law", "family-law", "employment-law", "corporate-law"],
    count: 10,
    titleSubcategory: ["contract-law", "family-law", "employment-law", "corporate-law"],
    related: ["intellectual-property", "real-estate", "human-resources", "immigration"],
    tags: ["legal advice", "dispute resolution", "small business"],
    subcategoryTags: {
      "contract-law": ["contract drafting", "nda review", "commercial contracts", "terms of service"],
      "family-law": ["divorce", "child custody", "prenuptial agreements", "mediation"],
      "employment-law": ["wrongful dismissal", "employment contracts", "workplace disputes", "severance"],
      "corporate-law": ["company formation", "shareholder agreements", "m&a", "corporate governance"],
    },
  },
  accounting: {
    subcategories: ["bookkeeping", "audit", "financial-statements"],
    count: 9,
    titleSubcategory: ["bookkeeping", "audit", "financial-statements", null],
    related: ["tax-advisory", "finance", "business-consulting"],
    tags: ["small business", "cloud accounting", "startups"],
    subcategoryTags: {
      bookkeeping: ["bookkeeping", "xero", "quickbooks", "payroll"],
      audit: ["audit preparation", "internal controls", "ifrs"],
      "financial-statements": ["financial statements", "year-end accounts", "management accounts"],
    },
    countryTags: { US: ["us gaap"], GB: ["companies house"], JP: ["j-gaap"], DE: ["hgb"] },
  },
  "tax-advisory": {
    subcategories: ["personal-tax", "corporate-tax", "international-tax"],
    count: 10,
    titleSubcategory: ["personal-tax", "corporate-tax", "international-tax", null],
    related: ["accounting", "finance", "legal"],
    tags: ["tax planning", "tax compliance"],
    subcategoryTags: {
      "personal-tax": ["personal tax returns", "capital gains", "self-employed tax"],
      "corporate-tax": ["corporate tax", "vat", "transfer pricing"],
      "international-tax": ["expat tax", "double taxation", "tax residency", "cross-border tax"],
    },
    countryTags: {
      US: ["us expat tax", "fbar"],
      GB: ["self assessment", "hmrc"],
      DE: ["german tax returns"],
      CA: ["cra filings"],
      AU: ["ato lodgements"],
      JP: ["japanese tax returns"],
      KR: ["korean tax returns"],
      SG: ["iras filings"],
      NL: ["30% ruling"],
    },
  },
  "business-consulting": {
    subcategories: ["strategy", "operations", "startups"],
    count: 9,
    titleSubcategory: ["strategy", "operations", "startups", null],
    related: ["finance", "marketing", "human-resources", "professional-instructor"],
    tags: ["growth", "smes", "board advisory"],
    subcategoryTags: {
      strategy: ["business strategy", "market entry", "okrs"],
      operations: ["process improvement", "lean", "supply chain"],
      startups: ["go-to-market", "pitch decks", "product-market fit"],
    },
  },
  finance: {
    subcategories: ["financial-planning", "investment", "fundraising"],
    count: 9,
    titleSubcategory: ["financial-planning", "investment", "fundraising", null],
    related: ["accounting", "tax-advisory", "business-consulting", "real-estate"],
    tags: ["fee-only advice", "wealth management"],
    subcategoryTags: {
      "financial-planning": ["retirement planning", "budgeting", "financial planning"],
      investment: ["portfolio review", "index funds", "asset allocation"],
      fundraising: ["seed funding", "venture capital", "financial modelling"],
    },
  },
  marketing: {
    subcategories: ["digital-marketing", "branding", "seo"],
    count: 9,
    titleSubcategory: ["digital-marketing", "branding", "seo", null],
    related: ["business-consulting", "technology"],
    tags: ["b2b marketing", "e-commerce", "analytics"],
    subcategoryTags: {
      "digital-marketing": ["paid social", "google ads", "email marketing", "content marketing"],
      branding: ["brand strategy", "positioning", "visual identity"],
      seo: ["seo", "technical seo", "content strategy", "local seo"],
    },
  },
  technology: {
    subcategories: ["software-architecture", "cloud", "cybersecurity", "data-ai"],
    count: 11,
    titleSubcategory: ["software-architecture", "cloud", "cybersecurity", "data-ai"],
    related: ["business-consulting", "professional-instructor", "intellectual-property"],
    tags: ["cto advisory", "code review", "startups"],
    subcategoryTags: {
      "software-architecture": ["system design", "microservices", "api design", "typescript"],
      cloud: ["aws", "kubernetes", "terraform", "cloud cost optimisation"],
      cybersecurity: ["penetration testing", "iso 27001", "soc 2", "threat modelling"],
      "data-ai": ["machine learning", "llm applications", "data engineering", "analytics"],
    },
    places: [
      "san-francisco",
      "seattle",
      "austin",
      "new-york",
      "london",
      "berlin",
      "amsterdam",
      "tokyo",
      "seoul",
      "shenzhen",
      "taipei",
      "singapore",
      "bengaluru",
      "toronto",
      "sao-paulo",
      "dublin",
      "paris",
    ],
  },
  immigration: {
    subcategories: ["work-visas", "family-immigration", "citizenship"],
    count: 10,
    titleSubcategory: [null, "work-visas", "family-immigration", "citizenship"],
    related: ["legal", "tax-advisory"],
    tags: ["relocation", "permanent residence"],
    subcategoryTags: {
      "work-visas": ["work permits", "skilled worker visas"],
      "family-immigration": ["spousal sponsorship", "family reunification"],
      citizenship: ["citizenship applications", "naturalisation"],
    },
    countryTags: {
      US: ["h-1b visas", "green cards", "o-1 visas"],
      CA: ["express entry", "provincial nominee program"],
      GB: ["skilled worker visa", "indefinite leave to remain"],
      AU: ["skilled migration", "partner visas"],
      DE: ["eu blue card"],
      NL: ["highly skilled migrant permit"],
      SG: ["employment pass"],
      AE: ["golden visa"],
      IE: ["critical skills permit"],
      FR: ["talent passport"],
      JP: ["highly skilled professional visa"],
    },
    places: IMMIGRATION_PLACES,
  },
  healthcare: {
    subcategories: ["nutrition", "mental-health", "physiotherapy"],
    count: 9,
    titleSubcategory: ["nutrition", "mental-health", "physiotherapy", "nutrition"],
    related: ["professional-instructor"],
    tags: ["online consultations", "preventive care"],
    subcategoryTags: {
      nutrition: ["weight management", "meal planning", "sports nutrition", "gut health"],
      "mental-health": ["anxiety", "burnout", "cbt", "stress management"],
      physiotherapy: ["back pain", "sports injuries", "rehabilitation", "posture"],
    },
  },
  "human-resources": {
    subcategories: ["recruiting", "compensation", "hr-compliance"],
    count: 8,
    titleSubcategory: ["recruiting", "compensation", "hr-compliance", null],
    related: ["legal", "business-consulting", "professional-instructor"],
    tags: ["people operations", "startups", "remote teams"],
    subcategoryTags: {
      recruiting: ["recruitment", "interview design", "employer branding"],
      compensation: ["salary bands", "benefits design", "equity plans"],
      "hr-compliance": ["hr policies", "employee handbooks", "employment law compliance"],
    },
  },
  "intellectual-property": {
    subcategories: ["patents", "trademarks", "copyright"],
    count: 8,
    titleSubcategory: ["patents", "trademarks", "copyright", null],
    related: ["legal", "technology"],
    tags: ["ip strategy", "startups"],
    subcategoryTags: {
      patents: ["patent filing", "freedom to operate", "patent searches"],
      trademarks: ["trademark registration", "brand protection", "trademark disputes"],
      copyright: ["copyright", "licensing", "software licensing"],
    },
  },
  "real-estate": {
    subcategories: ["residential", "commercial", "property-law"],
    count: 8,
    titleSubcategory: ["residential", "commercial", "property-law", "residential"],
    related: ["legal", "finance"],
    tags: ["property investment", "relocation"],
    subcategoryTags: {
      residential: ["home buying", "rentals", "first-time buyers"],
      commercial: ["office leasing", "retail property", "commercial leases"],
      "property-law": ["conveyancing", "lease review", "title checks"],
    },
  },
  "english-tutor": {
    subcategories: ["business-english", "exam-prep", "conversation"],
    count: 10,
    titleSubcategory: ["business-english", "exam-prep", "conversation", null],
    related: ["language-tutor", "professional-instructor"],
    tags: ["adult learners", "online lessons", "job interviews"],
    subcategoryTags: {
      "business-english": ["business english", "presentations", "email writing"],
      "exam-prep": ["ielts", "toefl", "cambridge exams"],
      conversation: ["conversation practice", "pronunciation", "fluency"],
    },
    places: ENGLISH_TUTOR_PLACES,
  },
  "language-tutor": {
    subcategories: ["spanish", "japanese", "korean", "french", "german", "mandarin"],
    count: 10,
    titleSubcategory: ["spanish", "japanese", "korean", "french", "german", "mandarin"],
    related: ["english-tutor"],
    tags: ["beginners", "conversation practice", "online lessons", "grammar"],
    subcategoryTags: {
      spanish: ["spanish", "dele"],
      japanese: ["japanese", "jlpt"],
      korean: ["korean", "topik"],
      french: ["french", "delf"],
      german: ["german", "goethe-zertifikat"],
      mandarin: ["mandarin", "hsk", "pinyin"],
    },
  },
  "professional-instructor": {
    subcategories: ["public-speaking", "leadership", "project-management"],
    count: 9,
    titleSubcategory: ["public-speaking", "leadership", "project-management", "leadership"],
    related: ["business-consulting", "human-resources"],
    tags: ["career development", "workshops"],
    subcategoryTags: {
      "public-speaking": ["public speaking", "presentations", "storytelling"],
      leadership: ["leadership", "management coaching", "feedback"],
      "project-management": ["pmp", "agile", "scrum", "project management"],
    },
  },
};

/** The category a subcategory belongs to. */
export const SUBCATEGORY_PARENT: Record<string, CategorySlug> = Object.fromEntries(
  CATEGORY_SLUGS.flatMap((c) => CATEGORIES[c].subcategories.map((s) => [s, c])),
);
