import { type Env, parseInteger } from "./parse.ts";

/** The life of an inquiry after it is sent. */
export interface InquiriesConfig {
  /** Days after which an inquiry nobody acted on (pending, delivered) becomes `expired`. */
  inquiryExpiryDays: number;
}

export function loadInquiriesConfig(env: Env): InquiriesConfig {
  return { inquiryExpiryDays: parseInteger("INQUIRY_EXPIRY_DAYS", env.INQUIRY_EXPIRY_DAYS, 7, 1, 365) };
}
