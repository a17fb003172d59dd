interface PathNode {
  key: string;
  parent: PathNode | null;
}

function pathOf(node: PathNode | null): string {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) keys.push(n.key);
  return keys.reverse().join(".") || "body";
}

export const NUL_MESSAGE = "must not contain NUL characters";

/**
 * Paths of every string in a JSON value holding U+0000. PostgreSQL text cannot store it, and a
 * NUL that reaches the database breaks the request instead of failing it cleanly, so every input
 * is checked for it before anything else. Iterative, and each path is built only for a hit, so
 * the work is linear in the value's size whatever its depth.
 */
export function nulFields(value: unknown): string[] {
  const found: string[] = [];
  const stack: { value: unknown; at: PathNode | null }[] = [{ value, at: null }];
  while (stack.length) {
    const { value: v, at } = stack.pop()!;
    if (at?.key.includes("\u0000")) found.push(pathOf(at)); // an object key with a NUL
    if (typeof v === "string") {
      if (v.includes("\u0000")) found.push(pathOf(at));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], at: { key: String(i), parent: at } });
    } else if (v && typeof v === "object") {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        stack.push({ value: entries[i][1], at: { key: entries[i][0], parent: at } });
      }
    }
  }
  return found;
}
