import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** scrypt hash as `scrypt$N$salt$hash` (hex). */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, 32, { N: 16384 });
  return `scrypt$16384$${salt.toString('hex')}$${hash.toString('hex')}`;
}

/**
 * Checks a password against its stored hash on libuv's thread pool (scrypt
 * takes tens of milliseconds): a flood of sign-in attempts does not stall
 * the event loop that serves every other request.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, { N: Number(n) }, (e, key) => (e ? reject(e) : resolve(key))),
  );
  return timingSafeEqual(actual, expected);
}

/** Compares two strings in time independent of where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
