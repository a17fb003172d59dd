/** The discovery part of the configuration; merged into Config by loadConfig. */
export interface DiscoveryConfig {
  /**
   * Where to report vulnerabilities, as /.well-known/security.txt's Contact (SECURITY_CONTACT: a
   * mailto: or https: URL). Default: mailto:security@ the host of PUBLIC_BASE_URL (else localhost).
   */
  securityContact: string;
}

/** Reads the discovery settings; throws an Error whose message names the variable. */
export function loadDiscoveryConfig(env: Record<string, string | undefined>): DiscoveryConfig {
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
    throw new Error(`SECURITY_CONTACT must be a mailto: or https: URL, got "${raw}"`);
  }
  return { securityContact: raw };
}
