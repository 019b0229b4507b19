// SQL for the bundled identity provider: its people and its protocol records.
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../client.ts';
import { accounts, idpAccounts, idpPayloads } from '../schema.ts';

/** A new account with a password; undefined when the email is taken. */
export async function insertIdpAccount(
  db: TDb,
  account: {
    id: string;
    email: string;
    name: string;
    passwordHash: string;
    emailVerifiedAt?: Date | null;
    birthDate?: string | null;
  },
) {
  const [row] = await db.insert(idpAccounts).values(account).onConflictDoNothing().returning();
  return row;
}

export async function findIdpAccountByEmail(db: TDb, email: string) {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
  return row;
}

export async function findIdpAccount(db: TDb, id: string) {
  const [row] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id));
  return row;
}

export type TIdpPayload = Record<string, unknown>;

export async function upsertIdpPayload(
  db: TDb,
  model: string,
  id: string,
  payload: TIdpPayload,
  expiresAt: Date | null,
) {
  const values = {
    model,
    id,
    payload,
    expiresAt,
    grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
    userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
    uid: typeof payload.uid === 'string' ? payload.uid : null,
  };
  await db
    .insert(idpPayloads)
    .values(values)
    .onConflictDoUpdate({ target: [idpPayloads.model, idpPayloads.id], set: values });
}

const live = () => or(isNull(idpPayloads.expiresAt), gt(idpPayloads.expiresAt, new Date()));

async function findOne(db: TDb, model: string, where: ReturnType<typeof eq>) {
  const [row] = await db
    .select({ payload: idpPayloads.payload })
    .from(idpPayloads)
    .where(and(eq(idpPayloads.model, model), where, live()));
  return row?.payload as TIdpPayload | undefined;
}

export const findIdpPayload = (db: TDb, model: string, id: string) =>
  findOne(db, model, eq(idpPayloads.id, id));
export const findIdpPayloadByUid = (db: TDb, model: string, uid: string) =>
  findOne(db, model, eq(idpPayloads.uid, uid));
export const findIdpPayloadByUserCode = (db: TDb, model: string, userCode: string) =>
  findOne(db, model, eq(idpPayloads.userCode, userCode));

export async function deleteIdpPayload(db: TDb, model: string, id: string) {
  await db.delete(idpPayloads).where(and(eq(idpPayloads.model, model), eq(idpPayloads.id, id)));
}

export async function deleteIdpPayloadsByGrant(db: TDb, grantId: string) {
  await db.delete(idpPayloads).where(eq(idpPayloads.grantId, grantId));
}

/**
 * Ends the bundled provider's own sessions of the person's provider accounts (signing out of Kindred
 * then also signs out of the provider, so the next sign-in on that browser asks for the password).
 */
export async function endIdpSessionsOfUser(db: TDb, userId: number): Promise<number> {
  const ended = await db
    .delete(idpPayloads)
    .where(
      and(
        eq(idpPayloads.model, 'Session'),
        inArray(
          sql`${idpPayloads.payload}->>'accountId'`,
          db.select({ id: accounts.providerAccountId }).from(accounts).where(eq(accounts.userId, userId)),
        ),
      ),
    )
    .returning({ id: idpPayloads.id });
  return ended.length;
}
