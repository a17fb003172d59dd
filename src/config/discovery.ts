import { ConfigError, type Env } from "./parse.ts";

/** What the discovery documents (/.well-known/…) say about the operator. */
export interface DiscoveryConfig {
  /**
   * Where to report vulnerabilities, as /.well-known/security.txt's Contact (SECURITY_CONTACT: a
   * mailto: or https: URL). Default: mailto:security@ the host of PUBLIC_BASE_URL (else localhost).
   */
  securityContact: string;
}

export function loadDiscoveryConfig(env: Env): DiscoveryConfig {
  const raw = env.SECURITY_CONTACT?.trim();
  if (!raw) {
    let host = "localhost";
    try {
      if (env.PUBLIC_BASE_URL) host = new URL(env.PUBLIC_BASE_URL).hostname;
    } catch {
      // PUBLIC_BASE_URL's own check reports a bad value
    }
    return { securityContact: `mailto:security@${host}` };
  }
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(raw)) {
    throw new ConfigError(`SECURITY_CONTACT must be a mailto: or https: URL, got "${raw}"`);
  }
  return { securityContact: raw };
}
