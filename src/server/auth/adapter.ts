// Auth.js storage over our own tables: integer user ids and a unique username chosen at first sign-in.
import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from '@auth/core/adapters';
import type { TDb } from '../db/client.ts';
import {
  deleteSession,
  findSessionWithUser,
  findUserByAccount,
  findUserByEmail,
  findUserById,
  insertAccount,
  insertSession,
  insertUser,
  updateSessionExpiry,
  updateUser,
} from '../db/queries/users.ts';
import type { TUserRow } from '../db/schema.ts';
import { pickUsername } from '../services/users/pick-username.ts';

const UNIQUE_VIOLATION = '23505';

// Auth.js types ids as strings; ours are integers, so they cross this boundary as decimal strings.
function toAdapterUser(row: TUserRow): AdapterUser {
  return {
    id: String(row.id),
    email: row.email,
    emailVerified: row.emailVerified,
    name: row.name,
    image: row.image,
    username: row.username,
    isSubscribed: row.isSubscribed,
    aiNoticeSeenAt: row.aiNoticeSeenAt,
    birthDate: row.birthDate,
  } as AdapterUser;
}

const toId = (id: string) => Number.parseInt(id, 10);

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.cause?.code === UNIQUE_VIOLATION;
}

export function createAuthAdapter(db: TDb): Adapter {
  return {
    async createUser(user) {
      // Two first sign-ins may race for the same username; the unique index decides and we pick again.
      for (let attempt = 0; ; attempt++) {
        try {
          const username = await pickUsername(db, user.name || user.email);
          const row = await insertUser(db, {
            email: user.email,
            name: user.name ?? null,
            image: user.image ?? null,
            username,
            birthDate: (user as { birthDate?: string | null }).birthDate ?? null,
          });
          return toAdapterUser(row);
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 3) throw error;
        }
      }
    },
    async getUser(id) {
      const row = await findUserById(db, toId(id));
      return row ? toAdapterUser(row) : null;
    },
    async getUserByEmail(email) {
      const row = await findUserByEmail(db, email);
      return row ? toAdapterUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await findUserByAccount(db, provider, providerAccountId);
      return row ? toAdapterUser(row) : null;
    },
    async updateUser(user) {
      const row = await updateUser(db, toId(user.id), {
        ...(user.name !== undefined && { name: user.name }),
        ...(user.image !== undefined && { image: user.image }),
        ...(user.emailVerified !== undefined && { emailVerified: user.emailVerified }),
      });
      if (!row) throw new Error('User to update was not found');
      return toAdapterUser(row);
    },
    async linkAccount(account: AdapterAccount) {
      await insertAccount(db, {
        userId: toId(account.userId),
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        refresh_token: account.refresh_token ?? null,
        access_token: account.access_token ?? null,
        expires_at: account.expires_at ?? null,
        token_type: account.token_type ?? null,
        scope: account.scope ?? null,
        id_token: account.id_token ?? null,
        session_state: typeof account.session_state === 'string' ? account.session_state : null,
      });
    },
    async createSession(session) {
      const row = await insertSession(db, { ...session, userId: toId(session.userId) });
      return { ...row, userId: String(row.userId) };
    },
    async getSessionAndUser(sessionToken) {
      const row = await findSessionWithUser(db, sessionToken);
      if (!row) return null;
      const session: AdapterSession = { ...row.session, userId: String(row.session.userId) };
      return { session, user: toAdapterUser(row.user) };
    },
    async updateSession({ sessionToken, expires }) {
      if (!expires) return null;
      const row = await updateSessionExpiry(db, sessionToken, expires);
      return row ? { ...row, userId: String(row.userId) } : null;
    },
    async deleteSession(sessionToken) {
      const row = await deleteSession(db, sessionToken);
      return row ? { ...row, userId: String(row.userId) } : null;
    },
  };
}
