/**
 * Passwords are hashed with argon2id (Bun.password's default parameters: 64 MiB, 2 passes), the
 * slow, memory-hard hash a guessable secret needs. Length is checked by the contract (10–256).
 */
export async function hashPassword(password: string): Promise<string> {
  return await Bun.password.hash(password, { algorithm: "argon2id" });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  return await Bun.password.verify(password, hash);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash with the same parameters, for a login whose e-mail address
 * has no account: it costs what a real check costs, so timing does not reveal which part was wrong.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await Bun.password.verify(password, await dummyHash);
  return false;
}
