// Single-use links for bundled-provider accounts: a random token in the link, only its hash stored.
import { createHash, randomBytes } from 'node:crypto';
import type { TDb } from '../../db/client.ts';
import {
  insertAccountToken,
  redeemAccountToken,
  type TTokenPurpose,
} from '../../db/queries/account-tokens.ts';

export const RESET_LINK_MINUTES = 30;
export const VERIFY_LINK_HOURS = 24;

const LIFETIME_MS: Record<TTokenPurpose, number> = {
  reset: RESET_LINK_MINUTES * 60_000,
  verify: VERIFY_LINK_HOURS * 3600_000,
};

const PATH: Record<TTokenPurpose, string> = { reset: '/idp/password/reset', verify: '/idp/verify' };

export const hashAccountToken = (token: string) => createHash('sha256').update(token).digest('hex');

export type TAccountLink = { url: string; expiresAt: Date };

export async function makeAccountLink(
  db: TDb,
  opts: { accountId: string; purpose: TTokenPurpose; publicUrl: string; now?: Date },
): Promise<TAccountLink> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date((opts.now ?? new Date()).getTime() + LIFETIME_MS[opts.purpose]);
  await insertAccountToken(db, {
    tokenHash: hashAccountToken(token),
    accountId: opts.accountId,
    purpose: opts.purpose,
    expiresAt,
  });
  return { url: `${opts.publicUrl}${PATH[opts.purpose]}?token=${token}`, expiresAt };
}

/** The account the link was for, once; undefined for a malformed, unknown, used or expired link. */
export async function redeemAccountLink(db: TDb, token: string, purpose: TTokenPurpose) {
  if (!/^[\w-]{20,100}$/.test(token)) return undefined;
  return redeemAccountToken(db, hashAccountToken(token), purpose);
}
