import type { LocaleCopy } from "./types.ts";

export const en: LocaleCopy = {
  legal: {
    titles: ["Contract Lawyer", "Family Lawyer", "Employment Lawyer", "Corporate Lawyer"],
    taglines: [
      "Practical legal advice in plain language",
      "Protecting your interests before problems start",
      "Clear answers, fixed fees, no surprises",
      "Trusted counsel for individuals and growing businesses",
    ],
    bios: [
      "{name} is a licensed attorney based in {city} with {years} years of practice. Clients come for careful drafting, honest risk assessments and advice they can act on. Every engagement starts with a short call to agree on scope and cost.",
      "After {years} years in private practice, {name} now advises clients in {city} and remotely. The focus is on resolving matters early, through negotiation where possible and in court where necessary.",
      "{name} has spent {years} years helping people and companies in {city} handle legal questions with confidence. Documents are reviewed quickly and explained in plain language.",
    ],
  },
  accounting: {
    titles: ["Bookkeeping Specialist", "Audit Specialist", "Financial Reporting Accountant", "Small Business Accountant"],
    taglines: [
      "Clean books and clear numbers every month",
      "Accounting that keeps you audit-ready all year",
      "Turning receipts and spreadsheets into reliable reports",
      "Helping owners understand their numbers",
    ],
    bios: [
      "{name} has worked in accounting for {years} years and supports small and mid-sized companies in {city}. Monthly closes are delivered on time, with short notes explaining what changed and why. Cloud tools such as Xero and QuickBooks are set up and maintained as part of the service.",
      "With {years} years of experience in audit and reporting, {name} helps businesses in {city} keep accurate records and prepare for year-end with confidence. Clients get a fixed monthly rhythm and one point of contact.",
    ],
  },
  "tax-advisory": {
    titles: ["Personal Tax Advisor", "Corporate Tax Advisor", "International Tax Consultant", "Tax Advisor"],
    taglines: [
      "Filing on time, paying only what you owe",
      "Tax planning for people with more than one country in their life",
      "Year-round tax advice, not just at filing season",
      "Straightforward answers to complicated tax questions",
    ],
    bios: [
      "{name} has advised individuals and businesses on tax for {years} years from {city}. Work ranges from annual returns to planning for property sales, stock options and cross-border moves. Every client gets a written summary of what to file, when, and why.",
      "{name} spent {years} years in tax practice before opening an independent advisory in {city}. Clients appreciate fixed quotes, clear deadlines and calm explanations of what the rules mean for them.",
    ],
  },
  "business-consulting": {
    titles: ["Strategy Consultant", "Operations Consultant", "Startup Advisor", "Management Consultant"],
    taglines: [
      "Turning ambitious plans into weekly priorities",
      "Helping founders build companies that scale",
      "Sharper strategy, simpler operations",
      "An outside view when the stakes are high",
    ],
    bios: [
      "{name} spent {years} years in consulting and operating roles before going independent in {city}. Engagements are short and focused: a clear diagnosis, a plan the team believes in, and follow-up until it sticks. Past clients range from family businesses to venture-backed startups.",
      "Based in {city}, {name} brings {years} years of experience helping leadership teams make better decisions faster. Sessions combine structured problem-solving with practical templates your team can keep using.",
    ],
  },
  finance: {
    titles: ["Financial Planner", "Investment Advisor", "Fundraising Advisor", "Independent Financial Advisor"],
    taglines: [
      "A clear financial plan for every stage of life",
      "Independent advice with no products to sell",
      "Making confident money decisions, one step at a time",
      "Numbers you can trust when the stakes are high",
    ],
    bios: [
      "{name} has {years} years of experience in financial planning and investment advice, working with clients in {city} and online. Advice is fee-only, so recommendations are never tied to commissions. Meetings end with a written summary and concrete next steps.",
      "Before setting up an independent practice in {city}, {name} spent {years} years in banking and corporate finance. Clients range from young professionals building savings to founders preparing a funding round.",
    ],
  },
  marketing: {
    titles: ["Digital Marketing Consultant", "Brand Strategist", "SEO Specialist", "Growth Marketer"],
    taglines: [
      "More of the right customers, less wasted spend",
      "Marketing plans built on data, not guesswork",
      "Brands people remember and recommend",
      "Practical marketing for small teams",
    ],
    bios: [
      "{name} has {years} years of marketing experience across agencies and in-house teams, and now works with clients from {city}. Every engagement starts with an audit of what already works, followed by a focused 90-day plan. Reporting is monthly, in plain language, and tied to revenue rather than vanity metrics.",
      "Based in {city}, {name} helps founders and marketing leads find the channels that pay back. With {years} years behind campaigns for consumer brands and B2B companies alike, the approach is simple: test small, measure honestly and scale what works.",
    ],
  },
  technology: {
    titles: ["Software Architect", "Cloud Infrastructure Consultant", "Cybersecurity Consultant", "Data & AI Consultant"],
    taglines: [
      "Systems that stay fast, secure and affordable as you grow",
      "Senior engineering judgment, available by the hour",
      "From whiteboard sketch to production, without the detours",
      "Pragmatic technology advice for teams that ship",
    ],
    bios: [
      "{name} has {years} years of hands-on engineering experience, most recently leading platform teams in {city}. Reviews are practical: what to fix now, what can wait, and what it will cost. Clients include early-stage startups and established companies modernising legacy systems.",
      "Working from {city}, {name} helps engineering teams design, secure and scale their systems. After {years} years building production software, the focus is on simple architectures, good observability and decisions the whole team understands.",
      "{name} advises CTOs and product teams on architecture, cloud costs and security from {city}. {years} years in the industry have shown that the best fix is usually the simplest one that can be measured.",
    ],
  },
  immigration: {
    titles: ["Immigration Lawyer", "Work Visa Consultant", "Family Immigration Attorney", "Citizenship Advisor"],
    taglines: [
      "Helping families and skilled workers move with confidence",
      "Visa applications done right the first time",
      "Clear guidance from first visa to citizenship",
      "Calm, thorough support through every immigration step",
    ],
    bios: [
      "{name} has {years} years of experience in immigration matters and works with clients from {city}. Most cases involve work permits, family sponsorship and permanent residence, from eligibility checks to complete applications. Clients get a document checklist on day one and regular status updates.",
      "{name} has helped hundreds of people build a new life over {years} years of immigration practice in {city}. Each file is prepared carefully to avoid delays and refusals, and every step is explained in plain language.",
    ],
  },
  healthcare: {
    titles: ["Registered Dietitian", "Clinical Psychologist", "Physiotherapist", "Sports Nutritionist"],
    taglines: [
      "Evidence-based care that fits your real life",
      "Small, steady changes that last",
      "Online sessions with the same care as in person",
      "Helping you feel better, one session at a time",
    ],
    bios: [
      "{name} is a licensed practitioner with {years} years of clinical experience in {city}. Sessions are evidence-based, unhurried and tailored to each person's goals and circumstances. Online consultations are available for clients who cannot visit in person.",
      "After {years} years in hospitals and private clinics in {city}, {name} now offers one-to-one consultations. The approach is practical and collaborative, with clear goals agreed in the first session. Consultations complement, and never replace, care from your own doctor.",
    ],
  },
  "human-resources": {
    titles: ["Recruitment Consultant", "Compensation & Benefits Advisor", "HR Compliance Consultant", "Fractional HR Director"],
    taglines: [
      "People practices that grow with your company",
      "Hiring the right people, faster",
      "HR done properly, without the bureaucracy",
      "Fair pay, clear policies, happier teams",
    ],
    bios: [
      "{name} has {years} years of HR leadership experience and supports growing companies from {city}. Typical projects include hiring plans, salary bands, employee handbooks and difficult conversations. The goal is always the same: simple processes that managers actually use.",
      "From {city}, {name} takes on the people work for teams without their own HR department. {years} years across startups and multinational companies mean advice that is compliant, humane and practical.",
    ],
  },
  "intellectual-property": {
    titles: ["Patent Attorney", "Trademark Attorney", "Copyright Lawyer", "IP Counsel"],
    taglines: [
      "Protecting the ideas your business is built on",
      "From first filing to enforcement",
      "Clear IP strategy for inventors and creators",
      "Secure your brand before someone else does",
    ],
    bios: [
      "{name} has {years} years of experience in intellectual property and advises clients from {city}. Work covers searches, filings, portfolio strategy and disputes for startups, designers and research teams. Clients receive a clear cost estimate before anything is filed.",
      "{name} has spent {years} years helping inventors, brands and creators in {city} secure and defend their rights. Advice is practical and budget-conscious: protect what matters most first, and do it properly.",
    ],
  },
  "real-estate": {
    titles: ["Residential Property Advisor", "Commercial Real Estate Advisor", "Real Estate Lawyer", "Buyer's Agent"],
    taglines: [
      "Buy, sell or rent with an expert on your side",
      "Honest advice on the biggest purchase of your life",
      "Local market knowledge, independent advice",
      "Smooth transactions from offer to keys",
    ],
    bios: [
      "{name} has worked in the property market in {city} for {years} years. Clients get an honest view of prices, neighbourhoods and risks before they commit, plus support through negotiation and closing. International buyers are welcome, with video viewings on request.",
      "With {years} years in property transactions, {name} helps buyers, sellers and investors in {city} make confident decisions. Every deal gets a checklist, a realistic timeline and a single point of contact.",
    ],
  },
  "english-tutor": {
    titles: ["Business English Coach", "IELTS & TOEFL Tutor", "English Conversation Tutor", "English Tutor"],
    taglines: [
      "Speak English with confidence at work and beyond",
      "Friendly, structured lessons for adult learners",
      "Lessons built around your goals, schedule and level",
      "Real conversations, steady progress",
    ],
    bios: [
      "{name} is a native English speaker and certified teacher with {years} years of experience, teaching from {city}. Lessons are tailored to your goals, from job interviews and presentations to IELTS and TOEFL preparation. Every session ends with notes and a short practice plan.",
      "After {years} years teaching adults in language schools and companies, {name} now offers private lessons online from {city}. Expect plenty of speaking time, gentle correction and materials drawn from real life and work.",
    ],
  },
  "language-tutor": {
    titles: ["Spanish Tutor", "Japanese Tutor", "Korean Tutor", "French Tutor", "German Tutor", "Mandarin Tutor"],
    taglines: [
      "Learn to speak from the very first lesson",
      "Patient, structured lessons for every level",
      "Grammar made clear, conversation made fun",
      "Exam preparation and everyday conversation",
    ],
    bios: [
      "{name} is a native speaker and qualified language teacher with {years} years of experience, based in {city}. Lessons balance speaking, listening and grammar, and adapt to your pace and goals. Many students are preparing for exams, a move abroad or work with international colleagues.",
      "{name} has taught learners of all levels for {years} years, first in classrooms in {city} and now mostly online. Expect real conversations from day one, clear explanations and homework that fits a busy schedule.",
    ],
  },
  "professional-instructor": {
    titles: ["Public Speaking Coach", "Leadership Coach", "Project Management Instructor", "Executive Coach"],
    taglines: [
      "Practical skills you can use at work tomorrow",
      "Helping professionals lead, present and deliver",
      "Coaching that builds lasting confidence",
      "Certified training for ambitious professionals",
    ],
    bios: [
      "{name} has coached and trained professionals for {years} years, working with individuals and teams from {city}. Sessions are hands-on: real scenarios, recorded practice and specific feedback. Many clients are preparing for a promotion, a big presentation or a certification exam.",
      "After {years} years leading teams and projects, {name} now helps others do the same from {city}. Programmes combine proven frameworks with honest feedback, so progress is visible after just a few sessions.",
    ],
  },
};
