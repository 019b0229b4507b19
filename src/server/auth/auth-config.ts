// Auth.js configuration: database sessions, Google when configured, else the bundled provider.
import type { AuthConfig } from '@auth/core';
import type { OIDCConfig } from '@auth/core/providers';
import Google from '@auth/core/providers/google';
import { isMinorOn } from '../../shared/safety.ts';
import type { TConfig } from '../config.ts';
import type { TDb } from '../db/client.ts';
import { endIdpSessionsOfUser } from '../db/queries/idp.ts';
import { findSuspension } from '../db/queries/reports.ts';
import { findUserByEmail } from '../db/queries/users.ts';
import { createAuthAdapter } from './adapter.ts';
import { BUNDLED_CLIENT_ID, BUNDLED_PROVIDER_ID, bundledClientSecret, idpIssuer } from './idp/provider.ts';
import { isOwner } from './owner.ts';

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

type TOidcProfile = { sub: string; email: string; name?: string; picture?: string; birthdate?: string };

function bundledProvider(config: TConfig): OIDCConfig<TOidcProfile> {
  return {
    id: BUNDLED_PROVIDER_ID,
    name: config.IDP_NAME,
    type: 'oidc',
    issuer: idpIssuer(config),
    clientId: BUNDLED_CLIENT_ID,
    clientSecret: bundledClientSecret(config),
    checks: ['pkce', 'state'],
    // The date of birth given at sign-up goes to the person's users row at their first sign-in.
    profile: (p) => ({
      id: p.sub,
      email: p.email,
      name: p.name ?? null,
      image: p.picture ?? null,
      birthDate: p.birthdate ?? null,
    }),
  };
}

export function createAuthConfig(config: TConfig, db: TDb): AuthConfig {
  const providers = config.isGoogleConfigured
    ? [
        Google({
          clientId: config.AUTH_GOOGLE_ID,
          clientSecret: config.AUTH_GOOGLE_SECRET,
          ...(config.AUTH_GOOGLE_ISSUER && { issuer: config.AUTH_GOOGLE_ISSUER }),
        }),
      ]
    : [bundledProvider(config)];

  return {
    basePath: '/auth',
    secret: config.authSecret,
    trustHost: true,
    adapter: createAuthAdapter(db),
    providers,
    session: { strategy: 'database', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    useSecureCookies: config.publicUrl.startsWith('https://'),
    callbacks: {
      // A suspended person cannot sign in: they are sent back to /login, which says why.
      async signIn({ user }) {
        const row = user.email ? await findUserByEmail(db, user.email) : undefined;
        const suspension = row ? await findSuspension(db, row.id) : null;
        if (!suspension) return true;
        return `/login?suspended=${encodeURIComponent(suspension.reason)}`;
      },
      // The session argument carries the session token: reply with a whitelist, never a spread.
      async session({ session, user }) {
        const u = user as typeof user & {
          username: string;
          isSubscribed: boolean;
          aiNoticeSeenAt?: Date | null;
          birthDate?: string | null;
        };
        const owner = await isOwner(db, config.adminEmails, { id: Number(u.id), email: u.email });
        return {
          expires: session.expires,
          user: {
            id: Number(u.id),
            name: u.name ?? null,
            email: u.email,
            image: u.image ?? null,
            username: u.username,
            isSubscribed: u.isSubscribed,
            isOwner: owner,
            canChangePassword: !config.isGoogleConfigured,
            hasSeenAiNotice: Boolean(u.aiNoticeSeenAt),
            needsBirthDate: !u.birthDate,
            isMinor: isMinorOn(u.birthDate),
          },
        } as never;
      },
    },
    events: {
      // Database sessions: Auth.js hands over the deleted session. The bundled provider keeps a session
      // of its own for 14 days; without ending it, the next sign-in in this browser skips the password.
      async signOut(message) {
        const userId = 'session' in message ? message.session?.userId : undefined;
        if (userId) await endIdpSessionsOfUser(db, Number(userId));
      },
    },
    logger: { error: () => {}, warn: () => {}, debug: () => {} },
  };
}
