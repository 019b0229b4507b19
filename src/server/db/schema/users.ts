// People and signing in: users, Auth.js accounts and sessions, the bundled provider, sign-in back-off, settings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: timestamptz('email_verified'),
  name: text('name'),
  username: text('username').notNull().unique(),
  image: text('image'),
  /** IANA time zone the browser reported (check-ins keep to the person's waking hours). */
  timeZone: text('time_zone'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: createdAt(),
  /** The user persona: who the person is, told to every character (their own words). */
  userPersona: text('persona'),
  // --- issue 23: companion safety ---
  /** Date of birth (sign-up, or asked once after a first Google sign-in); null: not given yet. */
  birthDate: date('birth_date'),
  /** ISO 3166 alpha-2 country the person chose on /profile (crisis lines); null: from the time zone. */
  country: text('country'),
  /** The one-time notice that characters are AI was shown and dismissed. */
  aiNoticeSeenAt: timestamptz('ai_notice_seen_at'),
  /** Suspended by the owner: signed out, cannot sign in, and told why. */
  suspendedAt: timestamptz('suspended_at'),
  suspendedReason: text('suspended_reason'),
  /** Continuous chatting (for minors' break reminders): when the current run began, its last message, the last reminder. */
  chatRunStartedAt: timestamptz('chat_run_started_at'),
  lastChattedAt: timestamptz('last_chatted_at'),
  breakRemindedAt: timestamptz('break_reminded_at'),
});

/** A person's row, with their plan as read from their stored subscription (queries/users.ts' userWithPlan). */
/** A row's owner: `user_id`, removed with the person. */
export const personColumn = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export type TUserRow = typeof users.$inferSelect & { isSubscribed: boolean };

export const accounts = pgTable(
  'accounts',
  {
    userId: personColumn(),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.providerAccountId] }),
    index('accounts_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: personColumn(),
    expires: timestamptz('expires').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expires)],
);

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamptz('expires').notNull(),
  },
  (t) => [primaryKey({ columns: [t.identifier, t.token] })],
);

/** The bundled OpenID Connect provider's own records (sessions, grants, codes), keyed by model and id. */
export const idpPayloads = pgTable(
  'idp_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('idp_payloads_grant_idx').on(t.grantId),
    index('idp_payloads_uid_idx').on(t.uid),
    index('idp_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** People known to the bundled identity provider (the embedded stand-in for Google). */
export const idpAccounts = pgTable('idp_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  /** scrypt hash of the account's password (`scrypt$N$r$p$salt$hash`); null for accounts made before passwords. */
  passwordHash: text('password_hash'),
  createdAt: createdAt(),
  /** When the person proved the email is theirs (a link, or at creation when no SMTP is set); null: not yet. */
  emailVerifiedAt: timestamptz('email_verified_at'),
  /** Date of birth given at sign-up; copied to the person's users row at their first sign-in. */
  birthDate: date('birth_date'),
});

export type TIdpAccountRow = typeof idpAccounts.$inferSelect;

/** Single-use links for a bundled-provider account: password reset (30 minutes) and email verification. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    /** sha256 of the token in the link; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => idpAccounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset', 'verify'] }).notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_account_idx').on(t.accountId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

// --- issue 19: failed sign-ins with back-off, and the installation's owner ---

/**
 * Wrong passwords for one bundled-provider account from one source (an address, or a device that has
 * signed in to that account before): each one past the free few makes that pair wait twice as long.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    accountId: text('account_id').notNull(),
    /** `address:<ip>` or `device:<id>`. */
    source: text('source').notNull(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamptz('last_failed_at').notNull(),
    blockedUntil: timestamptz('blocked_until').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.source] }),
    index('sign_in_failures_last_failed_idx').on(t.lastFailedAt),
  ],
);

/**
 * The installation's owner when ADMIN_EMAILS is empty: the first account made, recorded once. When that
 * account is deleted the row stays with no user: nobody inherits ownership.
 */
export const installationOwner = pgTable(
  'installation_owner',
  {
    id: smallint('id').primaryKey().default(1),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamptz('claimed_at').notNull().defaultNow(),
  },
  (t) => [check('installation_owner_single_row', sql`${t.id} = 1`)],
);

/** The chat switches a person chose, on every device; null means never chosen (the spec's default applies). */
export const userSettings = pgTable('user_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  voicePlayback: boolean('voice_playback'),
  internalMonologue: boolean('internal_monologue'),
  characterMemory: boolean('character_memory'),
  /** A push when a reply finishes while no Kindred tab of the person's is visible (null: not chosen, off). */
  replyPush: boolean('reply_push'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export type TUserSettingsRow = typeof userSettings.$inferSelect;
