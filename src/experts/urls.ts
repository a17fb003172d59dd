/**
 * Where an expert's public pages live. Every URL the API returns is absolute and built from one
 * base (PUBLIC_BASE_URL, or the server's own address), never from a request's Host header, so a
 * forged header cannot plant links in responses or e-mails.
 */
export interface ExpertUrls {
  base: () => string;
  profile: (slug: string) => string;
  booking: (slug: string) => string;
  avatar: (slug: string, stored: string | null) => string;
}

export function expertUrls(base: () => string): ExpertUrls {
  const page = (slug: string) => `${base()}/experts/${encodeURIComponent(slug)}`;
  return {
    base,
    profile: page,
    booking: (slug) => `${page(slug)}#booking`,
    // An expert without a photo gets an initials avatar that this server draws.
    avatar: (slug, stored) => stored ?? `${base()}/avatars/${encodeURIComponent(slug)}.svg`,
  };
}
