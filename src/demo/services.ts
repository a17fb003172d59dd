import type { CategorySlug } from "./categories.ts";

/**
 * Service templates per category (English only). Prices are US-dollar levels for a US expert;
 * generate.ts scales them by the country's price level and rounds them. `custom` services have
 * no price. The first template is the usual entry point and is offered by most experts.
 */
export interface ServiceTemplate {
  title: string;
  description: string;
  type: "fixed" | "hourly" | "custom";
  /** Price range in USD; ignored for custom. */
  price?: [min: number, max: number];
  /** Session length; null for open-ended engagements. */
  minutes: number | null;
  /** Only offered with this subcategory. */
  sub?: string;
}

const s = (
  title: string,
  description: string,
  type: ServiceTemplate["type"],
  price: [number, number] | null,
  minutes: number | null,
  sub?: string,
): ServiceTemplate => ({ title, description, type, price: price ?? undefined, minutes, sub });

export const SERVICES: Record<CategorySlug, ServiceTemplate[]> = {
  legal: [
    s(
      "Initial consultation",
      "A 30-minute call to understand your situation and outline your options.",
      "fixed",
      [100, 250],
      30,
    ),
    s(
      "Contract review",
      "Line-by-line review of one contract with written comments and suggested changes.",
      "fixed",
      [300, 900],
      60,
    ),
    s("Legal advice", "Advice on a specific question, billed by the hour.", "hourly", [150, 600], 60),
    s(
      "Divorce and separation consultation",
      "Your rights, likely outcomes and next steps, explained in one meeting.",
      "fixed",
      [200, 450],
      60,
      "family-law",
    ),
    s(
      "Ongoing representation",
      "Representation in negotiations or proceedings, quoted after the first call.",
      "custom",
      null,
      null,
    ),
  ],
  accounting: [
    s(
      "Bookkeeping health check",
      "A review of your books with a list of fixes and quick wins.",
      "fixed",
      [150, 400],
      60,
    ),
    s(
      "Monthly bookkeeping review",
      "A monthly close with a short call to walk through the numbers.",
      "fixed",
      [250, 900],
      60,
    ),
    s(
      "Year-end financial statements",
      "Preparation of annual accounts ready for filing and your lender.",
      "fixed",
      [800, 2500],
      90,
    ),
    s("Accounting advice", "Answers to accounting questions, billed by the hour.", "hourly", [80, 200], 60),
    s("Audit preparation", "Getting records, controls and schedules ready for the auditors.", "custom", null, null),
  ],
  "tax-advisory": [
    s("Tax consultation", "A focused session on your tax position and what to do next.", "fixed", [120, 300], 45),
    s(
      "Tax return preparation",
      "Preparation and filing of one annual return, with a review call.",
      "fixed",
      [250, 900],
      90,
    ),
    s(
      "Cross-border tax planning session",
      "Residency, double-tax treaties and filing duties in more than one country.",
      "fixed",
      [300, 700],
      90,
      "international-tax",
    ),
    s("Tax advice", "Advice on specific questions, billed by the hour.", "hourly", [120, 350], 60),
    s(
      "Corporate tax engagement",
      "Ongoing corporate tax compliance and planning, quoted per company.",
      "custom",
      null,
      null,
    ),
  ],
  "business-consulting": [
    s(
      "Strategy session",
      "A structured working session on one strategic question, with a written summary.",
      "fixed",
      [250, 600],
      90,
    ),
    s(
      "Operations review",
      "A review of processes and metrics with a prioritised improvement plan.",
      "fixed",
      [800, 2500],
      120,
    ),
    s("Consulting", "Hands-on consulting time, billed by the hour.", "hourly", [150, 400], 60),
    s("Free introductory call", "A short call to see whether working together makes sense.", "fixed", [0, 0], 15),
    s("Advisory retainer", "Regular advisory sessions for leadership teams, quoted per month.", "custom", null, null),
  ],
  finance: [
    s(
      "Financial planning session",
      "Goals, budget, savings and retirement in one plan-building session.",
      "fixed",
      [200, 450],
      90,
    ),
    s("Portfolio review", "An independent review of your investments, fees and risk.", "fixed", [250, 600], 60),
    s(
      "Fundraising readiness review",
      "Financial model, metrics and data room checked before you pitch.",
      "fixed",
      [400, 1200],
      120,
      "fundraising",
    ),
    s("Financial advice", "Fee-only advice on specific decisions, billed by the hour.", "hourly", [120, 300], 60),
    s(
      "Comprehensive financial plan",
      "A full written plan with annual reviews, quoted after a first meeting.",
      "custom",
      null,
      null,
    ),
  ],
  marketing: [
    s(
      "Marketing audit",
      "A review of channels, messaging and spend with a 90-day action plan.",
      "fixed",
      [300, 900],
      90,
    ),
    s("SEO audit", "Technical and content SEO review with prioritised fixes.", "fixed", [250, 800], 60, "seo"),
    s(
      "Brand positioning workshop",
      "A facilitated workshop to define your positioning and messaging.",
      "fixed",
      [600, 1800],
      120,
      "branding",
    ),
    s(
      "Marketing consulting",
      "Hands-on help with campaigns and analytics, billed by the hour.",
      "hourly",
      [90, 250],
      60,
    ),
    s("Monthly marketing retainer", "Ongoing strategy and execution support, quoted per month.", "custom", null, null),
  ],
  technology: [
    s("Quick technical call", "A short call to unblock one technical decision.", "fixed", [75, 150], 30),
    s(
      "Architecture review",
      "A review of your system design with a written report and risk list.",
      "fixed",
      [400, 1200],
      120,
    ),
    s("Cloud cost review", "Find and remove waste in your cloud bill.", "fixed", [300, 900], 90, "cloud"),
    s("Technical consulting", "Senior engineering help, billed by the hour.", "hourly", [120, 300], 60),
    s(
      "Security assessment",
      "Threat modelling and a security review scoped to your product.",
      "custom",
      null,
      null,
      "cybersecurity",
    ),
  ],
  immigration: [
    s("Initial consultation", "Your options, eligibility and timeline, in one call.", "fixed", [100, 250], 45),
    s("Visa eligibility assessment", "A written assessment of the visa routes open to you.", "fixed", [200, 500], 60),
    s(
      "Visa application review",
      "A complete check of your application and documents before you submit.",
      "fixed",
      [400, 1200],
      90,
    ),
    s(
      "Citizenship application support",
      "Guidance and document review for a citizenship application.",
      "fixed",
      [500, 1500],
      60,
      "citizenship",
    ),
    s(
      "Full application handling",
      "End-to-end preparation and filing of your application, quoted per case.",
      "custom",
      null,
      null,
    ),
  ],
  healthcare: [
    s("Initial assessment", "A full first assessment with goals and a care plan.", "fixed", [90, 220], 60),
    s("Follow-up session", "Progress review and plan adjustments.", "fixed", [60, 150], 45),
    s("Online consultation", "A video consultation for clients who cannot visit in person.", "fixed", [60, 150], 30),
    s(
      "Personal nutrition plan",
      "A tailored meal plan with a review call after two weeks.",
      "fixed",
      [120, 300],
      60,
      "nutrition",
    ),
    s(
      "Physiotherapy session",
      "Assessment-led treatment with a home exercise plan.",
      "fixed",
      [70, 160],
      45,
      "physiotherapy",
    ),
  ],
  "human-resources": [
    s(
      "HR consultation",
      "Advice on one people question, from hiring to a difficult conversation.",
      "fixed",
      [120, 250],
      60,
    ),
    s(
      "Recruitment process design",
      "Job scorecards, interview stages and templates for your team.",
      "fixed",
      [800, 2000],
      120,
      "recruiting",
    ),
    s(
      "Salary benchmarking",
      "Market pay data and salary bands for your roles.",
      "fixed",
      [500, 1500],
      90,
      "compensation",
    ),
    s("HR advice", "Practical HR support, billed by the hour.", "hourly", [90, 220], 60),
    s("Fractional HR support", "A part-time HR lead for your company, quoted per month.", "custom", null, null),
  ],
  "intellectual-property": [
    s("IP strategy consultation", "What to protect, where and in which order.", "fixed", [200, 450], 60),
    s(
      "Trademark search and filing",
      "Clearance search and filing of one trademark in one jurisdiction.",
      "fixed",
      [500, 1500],
      60,
      "trademarks",
    ),
    s(
      "Patentability assessment",
      "Prior-art search and an opinion on whether your invention can be patented.",
      "fixed",
      [800, 2500],
      90,
      "patents",
    ),
    s("IP advice", "Advice on licences, infringement and ownership, billed by the hour.", "hourly", [200, 550], 60),
    s("Infringement matter", "Handling of an infringement dispute, quoted per case.", "custom", null, null),
  ],
  "real-estate": [
    s("Property consultation", "Prices, neighbourhoods and the buying process, in one call.", "fixed", [80, 250], 45),
    s(
      "Purchase contract review",
      "A review of the purchase or lease agreement before you sign.",
      "fixed",
      [300, 900],
      60,
    ),
    s(
      "Investment property analysis",
      "Yield, costs and risks of one property, in a written report.",
      "fixed",
      [300, 800],
      90,
    ),
    s("Property advice", "Independent advice, billed by the hour.", "hourly", [100, 300], 60),
    s(
      "Buyer representation",
      "Search, viewings and negotiation on your behalf, quoted per purchase.",
      "custom",
      null,
      null,
    ),
  ],
  "english-tutor": [
    s("Trial lesson", "Level check and a short lesson to agree your goals.", "fixed", [15, 30], 30),
    s("Private lesson", "One-to-one English lesson online.", "hourly", [25, 90], 60),
    s("IELTS speaking practice", "Timed speaking tasks with band-score feedback.", "fixed", [30, 70], 45, "exam-prep"),
    s(
      "Business English package (10 lessons)",
      "Ten lessons on meetings, presentations and email writing.",
      "fixed",
      [250, 800],
      60,
      "business-english",
    ),
    s("Conversation practice", "Relaxed conversation with corrections and new vocabulary.", "fixed", [20, 50], 30),
  ],
  "language-tutor": [
    s("Trial lesson", "Level check and a short lesson to agree your goals.", "fixed", [10, 30], 30),
    s("Private lesson", "One-to-one lesson online or in person.", "hourly", [25, 80], 60),
    s("Conversation practice", "Relaxed conversation with corrections and new vocabulary.", "fixed", [20, 45], 30),
    s("{exam} exam preparation", "Practice papers and strategy for the {exam} exam.", "fixed", [35, 90], 90),
    s("Lesson package (10 lessons)", "Ten private lessons at a reduced rate.", "fixed", [220, 700], 60),
  ],
  "professional-instructor": [
    s("Coaching session", "A one-to-one coaching session on a goal you choose.", "fixed", [120, 350], 60),
    s(
      "Presentation rehearsal",
      "Recorded rehearsal of your talk with detailed feedback.",
      "fixed",
      [150, 400],
      90,
      "public-speaking",
    ),
    s(
      "PMP exam preparation",
      "Exam strategy and practice questions for the PMP certification.",
      "fixed",
      [80, 200],
      90,
      "project-management",
    ),
    s(
      "Leadership programme (6 sessions)",
      "Six coaching sessions for new and experienced managers.",
      "fixed",
      [900, 2500],
      60,
      "leadership",
    ),
    s("Team workshop", "A tailored workshop for your team, quoted per group.", "custom", null, null),
  ],
};

/** The exam named by a language tutor's `{exam}` service, per language subcategory. */
export const LANGUAGE_EXAMS: Record<string, string> = {
  spanish: "DELE",
  japanese: "JLPT",
  korean: "TOPIK",
  french: "DELF",
  german: "Goethe-Zertifikat",
  mandarin: "HSK",
};

/** Hourly rates stay inside these bounds whatever the country's price level (tutors 25–90, lawyers 150–600). */
export const HOURLY_BOUNDS: Partial<Record<CategorySlug, [number, number]>> = {
  "english-tutor": [25, 90],
  "language-tutor": [25, 90],
  legal: [150, 600],
  "intellectual-property": [150, 600],
};
