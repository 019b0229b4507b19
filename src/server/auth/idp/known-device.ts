// Devices that have signed in to an account before: a cookie of signed tokens (one per account, at most a
// few), so that a correct password from such a device works even while others are guessing that password.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_DEVICE_COOKIE = 'kindred_device';
const MAX_TOKENS = 5;
/** About 400 days, the longest a browser keeps a cookie. */
const MAX_AGE_SECONDS = 400 * 24 * 3600;

const mac = (secret: string, accountId: string, deviceId: string) =>
  createHmac('sha256', secret).update(`known-device|${accountId}|${deviceId}`).digest('hex').slice(0, 32);

const tokensOf = (cookie: string | undefined) =>
  (cookie ?? '')
    .split('~')
    .map((token) => token.split('.'))
    .filter((parts): parts is [string, string] => parts.length === 2 && /^[a-f0-9]{32}$/.test(parts[0]!));

/** The id of this device for the account when the cookie holds a valid token for it, else null. */
export function knownDeviceId(cookie: string | undefined, accountId: string, secret: string): string | null {
  for (const [deviceId, signature] of tokensOf(cookie)) {
    const expected = Buffer.from(mac(secret, accountId, deviceId));
    const given = Buffer.from(signature);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return deviceId;
  }
  return null;
}

/** The cookie after a correct password: it holds a token for this account (the newest few are kept). */
export function rememberDevice(
  cookie: string | undefined,
  accountId: string,
  opts: { secret: string; isSecure: boolean },
): string {
  const existing = knownDeviceId(cookie, accountId, opts.secret);
  const deviceId = existing ?? randomBytes(16).toString('hex');
  const others = tokensOf(cookie).filter(([id]) => id !== existing);
  const tokens = [
    ...others.map(([id, sig]) => `${id}.${sig}`),
    `${deviceId}.${mac(opts.secret, accountId, deviceId)}`,
  ];
  const value = tokens.slice(-MAX_TOKENS).join('~');
  return `${KNOWN_DEVICE_COOKIE}=${value}; Path=/idp; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${opts.isSecure ? '; Secure' : ''}`;
}
