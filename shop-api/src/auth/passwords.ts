/** Password hashing with argon2id (OWASP's first choice); hashes carry their own parameters. */
import { hash, verify } from '@node-rs/argon2';

// Algorithm 2 = Argon2id. 19 MiB, 2 passes: OWASP's minimum, about 20 ms here.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the e-mail is unknown, so both paths take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('mot-de-passe-leurre-sans-compte'));
