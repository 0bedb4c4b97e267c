import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Short-lived, stateless access token: base64url(JSON payload) + "." + HMAC. */
export interface AccessPayload {
  uid: number;
  /** Session family, so a sign-out or reuse detection revokes it server-side too. */
  fam: string;
  /** Expiry, epoch ms. */
  exp: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const mac = (secret: string, data: string) => createHmac('sha256', secret).update(data).digest();

export function signAccessToken(secret: string, payload: AccessPayload): string {
  const body = b64(Buffer.from(JSON.stringify(payload)));
  return `${body}.${b64(mac(secret, `access:${body}`))}`;
}

export type AccessCheck = { ok: true; payload: AccessPayload } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyAccessToken(secret: string, token: string, now: number): AccessCheck {
  const [body, sig] = token.split('.');
  if (!body || !sig) return { ok: false, reason: 'invalid' };
  const expected = mac(secret, `access:${body}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessPayload;
    if (typeof payload.uid !== 'number' || typeof payload.exp !== 'number') return { ok: false, reason: 'invalid' };
    return payload.exp <= now ? { ok: false, reason: 'expired' } : { ok: true, payload };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

export const randomToken = (bytes = 32) => b64(randomBytes(bytes));
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** CSRF token = HMAC of the per-browser csrf cookie; the header must carry it on every non-GET call. */
export function csrfTokenFor(secret: string, cookieValue: string): string {
  return b64(mac(secret, `csrf:${cookieValue}`));
}

export function csrfMatches(secret: string, cookieValue: string | undefined, header: unknown): boolean {
  if (!cookieValue || typeof header !== 'string' || header.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(secret, cookieValue));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
