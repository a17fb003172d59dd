import { type Env, parseInteger } from "./parse.ts";

/** The cost of the argon2id hash of account passwords (src/accounts/passwords.ts). */
export interface PasswordHashCost {
  /** KiB of memory one hash takes (PASSWORD_HASH_MEMORY_KIB); Bun's default, 64 MiB. */
  memoryKib: number;
  /** Passes over that memory (PASSWORD_HASH_PASSES); Bun's default, 2. */
  passes: number;
}

export interface PasswordsConfig {
  passwordHash: PasswordHashCost;
}

// Bun.password's argon2id defaults, which hashed every password before this was a setting.
const DEFAULT_COST: PasswordHashCost = { memoryKib: 65_536, passes: 2 };

/**
 * Lower values exist for the test suite, which hashes hundreds of throwaway passwords. A stored
 * hash carries its own cost, so changing these affects new hashes only: old ones still verify.
 */
export function loadPasswordsConfig(env: Env): PasswordsConfig {
  return {
    passwordHash: {
      memoryKib: parseInteger(
        "PASSWORD_HASH_MEMORY_KIB",
        env.PASSWORD_HASH_MEMORY_KIB,
        DEFAULT_COST.memoryKib,
        8,
        4_194_304,
      ),
      passes: parseInteger("PASSWORD_HASH_PASSES", env.PASSWORD_HASH_PASSES, DEFAULT_COST.passes, 1, 100),
    },
  };
}
