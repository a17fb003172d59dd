import { contract } from "./document.ts";

// What /api/openapi.json serves: the contract as a product a client generator is pointed at.
// Two things differ from openapi/agents.yaml, both so that a client generated from it works as
// generated (test/generated-clients.test.ts generates three and calls the server with each):
// `servers` is this server's absolute URL (a generated client has no base to resolve `/` against),
// and only the components the operations use are kept (the import file format's schemas are in
// the yaml for the `import` command and its types, and a generator would still compile them:
// orval's strict build failed on one no operation uses).

type Json = Record<string, unknown>;

/**
 * The contract as served, with `servers` naming `baseUrl` (PUBLIC_BASE_URL when set, else the
 * address the server listens on) and no component that no operation reaches.
 */
export function servedDocument(baseUrl: string, publicBaseUrl: string | null): Json {
  const description = publicBaseUrl
    ? "This server (PUBLIC_BASE_URL)."
    : "This server, at the address it listens on (set PUBLIC_BASE_URL to name its public address).";
  return usedComponentsOnly({ ...contract, servers: [{ url: baseUrl, description }] });
}

/**
 * The document without the components that nothing outside `components` reaches, following `$ref`s
 * from component to component, and security schemes named by a `security` requirement.
 */
export function usedComponentsOnly(document: Json): Json {
  const { components = {}, ...rest } = document as { components?: Record<string, Json> };
  const used = new Set<string>();
  const pending: unknown[] = [rest];
  while (pending.length) {
    for (const ref of refsIn(pending.pop())) {
      if (used.has(ref)) continue;
      used.add(ref);
      const [kind, name] = ref.split("/");
      pending.push(components[kind]?.[name]);
    }
  }
  for (const name of securitySchemeNames(rest)) used.add(`securitySchemes/${name}`);
  const kept: Record<string, Json> = {};
  for (const [kind, members] of Object.entries(components)) {
    const names = Object.keys(members).filter((name) => used.has(`${kind}/${name}`));
    if (names.length) kept[kind] = Object.fromEntries(names.map((name) => [name, members[name]]));
  }
  return { ...rest, components: kept };
}

/** `kind/name` of every `#/components/kind/name` ref anywhere in `value`. */
function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      const ref = key === "$ref" && typeof v === "string" ? /^#\/components\/([^/]+\/[^/]+)$/.exec(v)?.[1] : undefined;
      if (ref) out.push(ref);
      else refsIn(v, out);
    }
  }
  return out;
}

/** The scheme names of the top-level and every operation's `security` requirements. */
function securitySchemeNames(document: Json): Set<string> {
  const names = new Set<string>();
  const requirements = (security: unknown) => {
    for (const requirement of (security ?? []) as Json[]) for (const name of Object.keys(requirement)) names.add(name);
  };
  requirements(document.security);
  for (const item of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(item))
      if (operation && typeof operation === "object") requirements((operation as Json).security);
  }
  return names;
}
