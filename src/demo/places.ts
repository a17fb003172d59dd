import { CITY_NAMES } from "./city-names.ts";
import type { Locale } from "./record.ts";

/** Naming traditions used to give an expert a name that fits where they live (see people.ts). */
export type Culture =
  | "anglo"
  | "irish"
  | "hispanic"
  | "german"
  | "french"
  | "quebec"
  | "japanese"
  | "korean"
  | "chinese"
  | "taiwanese"
  | "singaporean"
  | "indian"
  | "brazilian"
  | "dutch"
  | "arabic";

export interface Place {
  key: string;
  /** City name in English, as stored in `location.city`. */
  city: string;
  /** US state, Canadian province or Australian state; null elsewhere. */
  state: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** IANA time zone. */
  tz: string;
  lat: number;
  lng: number;
  /** The city's name in the other display locales, for bios. */
  names: Record<Exclude<Locale, "en">, string>;
  /** BCP 47 tags of the local language; one is chosen per expert. */
  local: string[];
  /** English variants spoken as a second language here; empty when English is the local language. */
  english: string[];
  /** Other languages commonly spoken by professionals here. */
  extras: string[];
  /** Naming traditions, repeated for weight. */
  cultures: Culture[];
  /** NANP area code ("212") or "GB", for fictitious WhatsApp numbers; absent where none is used. */
  phone?: string;
}

const EU_EN = ["en", "en-GB"];
const ASIA_EN = ["en", "en-US"];

function p(
  key: string,
  city: string,
  state: string | null,
  country: string,
  tz: string,
  lat: number,
  lng: number,
  lang: { local: string[]; english?: string[]; extras?: string[]; cultures: Culture[]; phone?: string },
): Place {
  const names = CITY_NAMES[key];
  if (!names) throw new Error(`demo data: no translated names for place "${key}" in city-names.ts`);
  return {
    key,
    city,
    state,
    country,
    tz,
    lat,
    lng,
    names,
    local: lang.local,
    english: lang.english ?? [],
    extras: lang.extras ?? [],
    cultures: lang.cultures,
    phone: lang.phone,
  };
}

const US = (cultures: Culture[], phone: string, extras: string[] = ["es"]) => ({
  local: ["en-US"],
  extras,
  cultures,
  phone,
});

export const PLACES: readonly Place[] = [
  // United States
  p(
    "new-york",
    "New York",
    "NY",
    "US",
    "America/New_York",
    40.7128,
    -74.006,
    US(["anglo", "anglo", "hispanic", "indian"], "212"),
  ),
  p(
    "san-francisco",
    "San Francisco",
    "CA",
    "US",
    "America/Los_Angeles",
    37.7749,
    -122.4194,
    US(["anglo", "anglo", "indian", "hispanic"], "415"),
  ),
  p("austin", "Austin", "TX", "US", "America/Chicago", 30.2672, -97.7431, US(["anglo", "anglo", "hispanic"], "512")),
  p("chicago", "Chicago", "IL", "US", "America/Chicago", 41.8781, -87.6298, US(["anglo", "anglo", "hispanic"], "312")),
  p(
    "seattle",
    "Seattle",
    "WA",
    "US",
    "America/Los_Angeles",
    47.6062,
    -122.3321,
    US(["anglo", "anglo", "indian"], "206", []),
  ),
  p(
    "miami",
    "Miami",
    "FL",
    "US",
    "America/New_York",
    25.7617,
    -80.1918,
    US(["hispanic", "hispanic", "anglo"], "305", ["es-US", "pt-BR"]),
  ),
  p("boston", "Boston", "MA", "US", "America/New_York", 42.3601, -71.0589, US(["anglo", "anglo", "irish"], "617")),
  p("denver", "Denver", "CO", "US", "America/Denver", 39.7392, -104.9903, US(["anglo", "anglo", "hispanic"], "303")),
  // United Kingdom and Ireland
  p("london", "London", null, "GB", "Europe/London", 51.5074, -0.1278, {
    local: ["en-GB"],
    extras: ["fr", "hi"],
    cultures: ["anglo", "anglo", "anglo", "indian"],
    phone: "GB",
  }),
  p("manchester", "Manchester", null, "GB", "Europe/London", 53.4808, -2.2426, {
    local: ["en-GB"],
    extras: ["ur"],
    cultures: ["anglo", "anglo", "indian"],
    phone: "GB",
  }),
  p("edinburgh", "Edinburgh", null, "GB", "Europe/London", 55.9533, -3.1883, {
    local: ["en-GB"],
    extras: ["fr"],
    cultures: ["anglo"],
    phone: "GB",
  }),
  p("dublin", "Dublin", null, "IE", "Europe/Dublin", 53.3498, -6.2603, {
    local: ["en-IE"],
    extras: ["ga", "fr"],
    cultures: ["irish", "irish", "anglo"],
  }),
  // Canada
  p("toronto", "Toronto", "ON", "CA", "America/Toronto", 43.6532, -79.3832, {
    local: ["en-CA"],
    extras: ["fr-CA", "hi", "zh-Hans"],
    cultures: ["anglo", "anglo", "indian", "chinese"],
    phone: "416",
  }),
  p("vancouver", "Vancouver", "BC", "CA", "America/Vancouver", 49.2827, -123.1207, {
    local: ["en-CA"],
    extras: ["zh-Hant", "fr-CA"],
    cultures: ["anglo", "anglo", "chinese"],
    phone: "604",
  }),
  p("montreal", "Montreal", "QC", "CA", "America/Toronto", 45.5019, -73.5674, {
    local: ["fr-CA"],
    english: ["en-CA"],
    extras: ["es"],
    cultures: ["quebec", "quebec", "anglo"],
    phone: "514",
  }),
  p("calgary", "Calgary", "AB", "CA", "America/Edmonton", 51.0447, -114.0719, {
    local: ["en-CA"],
    extras: ["fr-CA"],
    cultures: ["anglo", "anglo", "indian"],
    phone: "403",
  }),
  // Australia
  p("sydney", "Sydney", "NSW", "AU", "Australia/Sydney", -33.8688, 151.2093, {
    local: ["en-AU"],
    extras: ["zh-Hans", "ko"],
    cultures: ["anglo", "anglo", "anglo", "chinese"],
  }),
  p("melbourne", "Melbourne", "VIC", "AU", "Australia/Melbourne", -37.8136, 144.9631, {
    local: ["en-AU"],
    extras: ["el", "it"],
    cultures: ["anglo", "anglo", "indian"],
  }),
  p("brisbane", "Brisbane", "QLD", "AU", "Australia/Brisbane", -27.4698, 153.0251, {
    local: ["en-AU"],
    extras: ["ja"],
    cultures: ["anglo"],
  }),
  // Germany
  p("berlin", "Berlin", null, "DE", "Europe/Berlin", 52.52, 13.405, {
    local: ["de", "de-DE"],
    english: EU_EN,
    extras: ["tr", "fr"],
    cultures: ["german"],
  }),
  p("munich", "Munich", null, "DE", "Europe/Berlin", 48.1351, 11.582, {
    local: ["de", "de-DE"],
    english: EU_EN,
    extras: ["it"],
    cultures: ["german"],
  }),
  p("hamburg", "Hamburg", null, "DE", "Europe/Berlin", 53.5511, 9.9937, {
    local: ["de", "de-DE"],
    english: EU_EN,
    extras: ["da"],
    cultures: ["german"],
  }),
  p("frankfurt", "Frankfurt", null, "DE", "Europe/Berlin", 50.1109, 8.6821, {
    local: ["de", "de-DE"],
    english: EU_EN,
    extras: ["fr"],
    cultures: ["german"],
  }),
  // France
  p("paris", "Paris", null, "FR", "Europe/Paris", 48.8566, 2.3522, {
    local: ["fr", "fr-FR"],
    english: EU_EN,
    extras: ["es", "ar"],
    cultures: ["french"],
  }),
  p("lyon", "Lyon", null, "FR", "Europe/Paris", 45.764, 4.8357, {
    local: ["fr", "fr-FR"],
    english: EU_EN,
    extras: ["it"],
    cultures: ["french"],
  }),
  // Spain
  p("madrid", "Madrid", null, "ES", "Europe/Madrid", 40.4168, -3.7038, {
    local: ["es-ES", "es"],
    english: EU_EN,
    extras: ["fr"],
    cultures: ["hispanic"],
  }),
  p("barcelona", "Barcelona", null, "ES", "Europe/Madrid", 41.3874, 2.1686, {
    local: ["es-ES"],
    english: EU_EN,
    extras: ["ca", "fr"],
    cultures: ["hispanic"],
  }),
  // Netherlands
  p("amsterdam", "Amsterdam", null, "NL", "Europe/Amsterdam", 52.3676, 4.9041, {
    local: ["nl"],
    english: ["en", "en-GB", "en-US"],
    extras: ["de"],
    cultures: ["dutch"],
  }),
  p("rotterdam", "Rotterdam", null, "NL", "Europe/Amsterdam", 51.9244, 4.4777, {
    local: ["nl"],
    english: EU_EN,
    extras: ["de"],
    cultures: ["dutch"],
  }),
  // Japan
  p("tokyo", "Tokyo", null, "JP", "Asia/Tokyo", 35.6762, 139.6503, {
    local: ["ja"],
    english: ASIA_EN,
    extras: ["zh-Hans"],
    cultures: ["japanese"],
  }),
  p("osaka", "Osaka", null, "JP", "Asia/Tokyo", 34.6937, 135.5023, {
    local: ["ja"],
    english: ASIA_EN,
    extras: ["ko"],
    cultures: ["japanese"],
  }),
  // South Korea
  p("seoul", "Seoul", null, "KR", "Asia/Seoul", 37.5665, 126.978, {
    local: ["ko"],
    english: ASIA_EN,
    extras: ["ja", "zh-Hans"],
    cultures: ["korean"],
  }),
  p("busan", "Busan", null, "KR", "Asia/Seoul", 35.1796, 129.0756, {
    local: ["ko"],
    english: ASIA_EN,
    extras: ["ja"],
    cultures: ["korean"],
  }),
  // China and Taiwan
  p("shanghai", "Shanghai", null, "CN", "Asia/Shanghai", 31.2304, 121.4737, {
    local: ["zh-Hans", "zh-CN"],
    english: ASIA_EN,
    extras: ["ja"],
    cultures: ["chinese"],
  }),
  p("beijing", "Beijing", null, "CN", "Asia/Shanghai", 39.9042, 116.4074, {
    local: ["zh-Hans", "zh-CN"],
    english: ASIA_EN,
    extras: ["ko"],
    cultures: ["chinese"],
  }),
  p("shenzhen", "Shenzhen", null, "CN", "Asia/Shanghai", 22.5431, 114.0579, {
    local: ["zh-Hans", "zh-CN"],
    english: ASIA_EN,
    extras: ["yue"],
    cultures: ["chinese"],
  }),
  p("taipei", "Taipei", null, "TW", "Asia/Taipei", 25.033, 121.5654, {
    local: ["zh-Hant", "zh-TW"],
    english: ASIA_EN,
    extras: ["ja"],
    cultures: ["taiwanese"],
  }),
  // Singapore and India
  p("singapore", "Singapore", null, "SG", "Asia/Singapore", 1.3521, 103.8198, {
    local: ["en-SG"],
    extras: ["zh-Hans", "ms", "ta"],
    cultures: ["singaporean", "singaporean", "indian"],
  }),
  p("bengaluru", "Bengaluru", null, "IN", "Asia/Kolkata", 12.9716, 77.5946, {
    local: ["en-IN"],
    extras: ["hi", "kn", "ta"],
    cultures: ["indian"],
  }),
  p("mumbai", "Mumbai", null, "IN", "Asia/Kolkata", 19.076, 72.8777, {
    local: ["en-IN"],
    extras: ["hi", "mr", "gu"],
    cultures: ["indian"],
  }),
  // Latin America
  p("sao-paulo", "São Paulo", null, "BR", "America/Sao_Paulo", -23.5505, -46.6333, {
    local: ["pt-BR"],
    english: ["en", "en-US"],
    extras: ["es"],
    cultures: ["brazilian"],
  }),
  p("rio-de-janeiro", "Rio de Janeiro", null, "BR", "America/Sao_Paulo", -22.9068, -43.1729, {
    local: ["pt-BR"],
    english: ["en", "en-US"],
    extras: ["es"],
    cultures: ["brazilian"],
  }),
  p("mexico-city", "Mexico City", null, "MX", "America/Mexico_City", 19.4326, -99.1332, {
    local: ["es-MX"],
    english: ["en", "en-US"],
    extras: ["fr"],
    cultures: ["hispanic"],
  }),
  p("guadalajara", "Guadalajara", null, "MX", "America/Mexico_City", 20.6597, -103.3496, {
    local: ["es-MX"],
    english: ["en-US"],
    extras: [],
    cultures: ["hispanic"],
  }),
  // United Arab Emirates
  p("dubai", "Dubai", null, "AE", "Asia/Dubai", 25.2048, 55.2708, {
    local: ["ar"],
    english: ["en", "en-GB"],
    extras: ["hi", "ur", "fr"],
    cultures: ["arabic", "arabic", "indian", "anglo"],
  }),
];

const BY_KEY = new Map(PLACES.map((place) => [place.key, place]));

export function place(key: string): Place {
  const found = BY_KEY.get(key);
  if (!found) throw new Error(`demo data: unknown place "${key}"`);
  return found;
}

/** Rough price level per country, relative to the US dollar prices in services.ts. */
export const PRICE_LEVEL: Record<string, number> = {
  US: 1.1,
  GB: 1.05,
  IE: 1.0,
  CA: 1.0,
  AU: 1.0,
  DE: 1.0,
  FR: 0.95,
  ES: 0.8,
  NL: 1.0,
  JP: 0.95,
  KR: 0.85,
  CN: 0.7,
  TW: 0.75,
  SG: 1.05,
  IN: 0.45,
  BR: 0.55,
  MX: 0.55,
  AE: 1.1,
};

/** How often a city comes up relative to others (default 1): the big professional hubs more. */
export const PLACE_WEIGHT: Record<string, number> = {
  "new-york": 3,
  london: 3,
  "san-francisco": 2,
  toronto: 2,
  sydney: 2,
  berlin: 2,
  paris: 2,
  tokyo: 2,
  seoul: 2,
  shanghai: 2,
  singapore: 2,
  dubai: 2,
  "sao-paulo": 2,
  "mexico-city": 2,
  madrid: 2,
  amsterdam: 2,
};
