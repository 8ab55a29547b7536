/** argon2id password hashing at OWASP's recommended floor (m=19 MiB, t=2, p=1). */
import { type Algorithm, hash, verify } from "@node-rs/argon2";

// Algorithm is a const enum, which type stripping cannot inline: 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A fixed hash to verify against when the account does not exist, so that a wrong e-mail takes
// as long as a wrong password and the answer time does not reveal which accounts exist.
const DUMMY_HASH = hash("not-a-real-password-Aa1!", OPTIONS);

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  try {
    if (!storedHash) {
      await verify(await DUMMY_HASH, password);
      return false;
    }
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
