/**
 * Password hashing with scrypt (node:crypto), at OWASP's recommended parameters
 * (Password Storage Cheat Sheet: N=2^17, r=8, p=1, a 16-byte random salt).
 *
 * A hash is a PHC string that carries its own parameters and salt:
 *   $scrypt$ln=17,r=8,p=1$<salt, base64 without padding>$<32-byte key, base64 without padding>
 * so the cost can be raised later: old hashes still verify, and `needsRehash` tells the login
 * to store a new one.
 *
 * Passwords are Unicode-normalised (NFKC) before hashing, so the same characters typed on two
 * keyboards give the same password (NIST SP 800-63B 5.1.1.2).
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  /** log2 of N, the CPU and memory cost. */
  logN: number;
  /** Block size. */
  r: number;
  /** Parallelism. */
  p: number;
}

/** OWASP's parameters: about 128 MiB and 100-300 ms per hash. What production uses. */
export const owaspScryptCost: ScryptCost = { logN: 17, r: 8, p: 1 };

const saltBytes = 16;
const keyBytes = 32;

// Bounds on what a stored hash may ask for, so a corrupt row cannot make us allocate gigabytes.
const limits = { logN: [10, 20], r: [1, 32], p: [1, 16] } as const;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = {
    N,
    r: cost.r,
    p: cost.p,
    // Node refuses above 32 MiB by default; scrypt needs 128 * N * r bytes (128 MiB at OWASP's cost).
    maxmem: 128 * N * cost.r * cost.p + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, keyBytes, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

function checkCost(cost: ScryptCost): void {
  for (const name of ['logN', 'r', 'p'] as const) {
    const [min, max] = limits[name];
    if (!Number.isInteger(cost[name]) || cost[name] < min || cost[name] > max) {
      throw new Error(`scrypt ${name} must be a whole number from ${min} to ${max}`);
    }
  }
}

export async function hashPassword(password: string, cost: ScryptCost = owaspScryptCost): Promise<string> {
  checkCost(cost);
  const salt = randomBytes(saltBytes);
  const key = await scrypt(password, salt, cost);
  return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

const phc = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/;

export function parseHash(stored: string): ParsedHash | null {
  const match = phc.exec(stored);
  if (!match) return null;
  const cost = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  try {
    checkCost(cost);
  } catch {
    return null;
  }
  return { cost, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

/** False for a wrong password and for a stored value that is not one of our hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with other parameters than `cost` (then store a new one at login). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost.logN !== cost.logN || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

export interface PasswordHasher {
  readonly cost: ScryptCost;
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * The same work as `verify` against an account that does not exist (or has no password), so
   * that a login for an unknown email takes as long as one with a wrong password. Always false.
   */
  verifyNobody(password: string): Promise<false>;
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(cost: ScryptCost = owaspScryptCost): PasswordHasher {
  checkCost(cost);
  let dummy: Promise<string> | undefined;
  return {
    cost,
    hash: (password) => hashPassword(password, cost),
    verify: verifyPassword,
    async verifyNobody(password) {
      dummy ??= hashPassword(randomBytes(16).toString('hex'), cost);
      await verifyPassword(password, await dummy);
      return false;
    },
    needsRehash: (stored) => needsRehash(stored, cost),
  };
}
