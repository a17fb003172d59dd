/** A route as Elysia lists it in `app.routes`. */
export interface KnownRoute {
  method: string;
  path: string;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

function pathPattern(path: string): RegExp {
  const source = trimSlash(path)
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${source}$`);
}

/**
 * The methods the app serves at `pathname`, for the 405 of a known path asked with another method
 * (RFC 9110 §15.5.6 wants `Allow` on it). Patterns are compiled once per route list; routes are
 * read lazily because the app that holds them is built after the error handler is registered.
 */
export function allowedMethods(routes: () => KnownRoute[]): (pathname: string) => string[] {
  let compiled: { method: string; pattern: RegExp }[] | undefined;
  return function methodsAt(pathname: string): string[] {
    compiled ??= routes()
      .filter((r) => r.method !== "ALL")
      .map((r) => ({ method: r.method.toUpperCase(), pattern: pathPattern(r.path) }));
    const path = trimSlash(pathname);
    const methods = new Set(compiled.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
}
