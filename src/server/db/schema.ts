// The database tables; the committed migrations in db/migrations are generated from this file.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TReplyLore } from '../../shared/lorebooks.ts';
import type { TFactKind } from '../../shared/memories.ts';
import type { TPushPayload } from '../../shared/push.ts';
import type { TStoredVoiceSettings } from '../../shared/voice.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  emailVerified: timestamp('email_verified', { withTimezone: true }),
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
  aiNoticeSeenAt: timestamp('ai_notice_seen_at', { withTimezone: true }),
  /** Suspended by the owner: signed out, cannot sign in, and told why. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspendedReason: text('suspended_reason'),
  /** Continuous chatting (for minors' break reminders): when the current run began, its last message, the last reminder. */
  chatRunStartedAt: timestamp('chat_run_started_at', { withTimezone: true }),
  lastChattedAt: timestamp('last_chatted_at', { withTimezone: true }),
  breakRemindedAt: timestamp('break_reminded_at', { withTimezone: true }),
});
/** A person's row, with their plan as read from their stored subscription (queries/users.ts' userWithPlan). */
export type TUserRow = typeof users.$inferSelect & { isSubscribed: boolean };

export const accounts = pgTable(
  'accounts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expires)],
);

export const verificationTokens = pgTable(
  'verification_tokens',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }),
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
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('account_tokens_account_idx').on(t.accountId, t.purpose),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

export const characters = pgTable(
  'characters',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').unique(),
    name: text('name').notNull(),
    tagline: text('tagline').notNull().default(''),
    description: text('description').notNull(),
    greeting: text('greeting'),
    avatarUrl: text('avatar_url'),
    voiceId: text('voice_id'),
    voiceDescription: text('voice_description'),
    /** Voice: the engine settings made from voice_description (or chosen on the create page). */
    voiceSettings: jsonb('voice_settings').$type<TStoredVoiceSettings>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    featuredGroup: integer('featured_group'),
    featuredOrder: integer('featured_order'),
    memoryDisabled: boolean('memory_disabled').notNull().default(false),
    card: jsonb('card'),
    createdAt: createdAt(),
    /** Marked 18+ by its owner: hidden from minors. */
    isAdult: boolean('is_adult').notNull().default(false),
    /** Hidden by the installation's owner after a report: nobody but its maker sees it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    index('characters_user_idx').on(t.userId, t.id),
    index('characters_name_idx').on(sql`lower(${t.name})`),
  ],
);
export type TCharacterRow = typeof characters.$inferSelect;

export const chatLogs = pgTable(
  'chat_logs',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['text', 'memory-check-in'] })
      .notNull()
      .default('text'),
    read: boolean('read').notNull().default(false),
    messageCount: integer('message_count').notNull().default(0),
    /** The name the person gave the chat in History (null: the first words stand for it). */
    title: text('title'),
    /** A group chat: its characters are in chat_members (character_id is the first of them). */
    isGroup: boolean('is_group').notNull().default(false),
    /** Group chats: who answers the person (natural, list, pooled or manual). */
    replyOrder: text('reply_order', { enum: ['natural', 'list', 'pooled', 'manual'] })
      .notNull()
      .default('natural'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('chat_logs_reply_order_check', sql`${t.replyOrder} in ('natural', 'list', 'pooled', 'manual')`),
    index('chat_logs_user_character_idx').on(t.userId, t.characterId, t.source, t.updatedAt),
    index('chat_logs_check_in_idx').on(t.userId, t.createdAt).where(sql`${t.source} = 'memory-check-in'`),
  ],
);
export type TChatLogRow = typeof chatLogs.$inferSelect;

export const chatMessages = pgTable(
  'chat_messages',
  {
    chatLogUuid: uuid('chat_log_uuid')
      .notNull()
      .references(() => chatLogs.uuid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    internalThoughts: text('internal_thoughts'),
    audioUrl: text('audio_url'),
    createdAt: createdAt(),
    // Conversation controls: every version of a reply (empty until a second one exists; `content` is
    // always the chosen one's text), the chosen index, the person's rating (1 up, -1 down) and whether
    // the message is the character's greeting.
    alternatives: jsonb('alternatives').$type<TAlternative[]>().notNull().default([]),
    chosen: integer('chosen').notNull().default(0),
    rating: smallint('rating'),
    isGreeting: boolean('is_greeting').notNull().default(false),
    /** Lorebook entries this reply was given (shown from the reply), or null. */
    lore: jsonb('lore').$type<TReplyLore[]>(),
    /** The person's memories recalled into this reply's prompt (shown from the reply), or null. */
    memoryIds: integer('memory_ids').array(),
    /** The model stopped before the reply was finished: what arrived is kept, marked as cut off. */
    isCutOff: boolean('is_cut_off').notNull().default(false),
    /** Group chats: the character who wrote this reply (null: the chat log's character). */
    speakerId: integer('speaker_id').references(() => characters.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.position] }),
    check('chat_messages_rating_check', sql`${t.rating} is null or ${t.rating} in (-1, 1)`),
    index('chat_messages_audio_url_idx').on(t.audioUrl).where(sql`${t.audioUrl} is not null`),
  ],
);
/** The characters of a group chat, in list order, each with its talkativeness (0-100) and a mute. */
export const chatMembers = pgTable(
  'chat_members',
  {
    chatLogUuid: uuid('chat_log_uuid')
      .notNull()
      .references(() => chatLogs.uuid, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    talkativeness: smallint('talkativeness').notNull().default(50),
    isMuted: boolean('is_muted').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.characterId] }),
    check('chat_members_talkativeness_check', sql`${t.talkativeness} between 0 and 100`),
    index('chat_members_character_idx').on(t.characterId),
  ],
);
export type TChatMemberRow = typeof chatMembers.$inferSelect;

/** One version of a reply (regenerate adds one; swipe chooses one). */
export type TAlternative = {
  content: string;
  internalThoughts: string | null;
  /** The model stopped before this version was finished (absent: it was not). */
  isCutOff?: boolean;
};
export type TChatMessageRow = typeof chatMessages.$inferSelect;

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Memories; the embedding vector column is added by a guarded migration where pgvector exists. */
export const memories = pgTable(
  'memories',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    chatLogUuid: uuid('chat_log_uuid').references(() => chatLogs.uuid, { onDelete: 'set null' }),
    content: text('content').notNull(),
    reply: text('reply').notNull().default(''),
    characterName: text('character_name').notNull(),
    checkedIn: boolean('checked_in').notNull().default(false),
    pinned: boolean('pinned').notNull().default(false),
    /** 0..1, from the judge (hand-made memories 0.8): recall ranks important memories higher. */
    importance: real('importance').notNull().default(0.5),
    /** Which encoder made the vector in `embedding` (a change of model re-embeds in the background). */
    embeddingModel: text('embedding_model'),
    /** The judge's short third-person fact (null: hand-added, or kept before facts); shown and prompted when set. */
    fact: text('fact'),
    /** person, pet, place, work, health, event, plan, preference or feeling (shared/memories.ts). */
    kind: text('kind').$type<TFactKind>(),
    /** The day an event or plan happens (YYYY-MM-DD, the person's calendar): its check-in comes after it. */
    happensOn: date('happens_on'),
    /** The person's message the fact came from: its position in `chatLogUuid`. */
    sourcePosition: integer('source_position'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce("memories"."fact", '') || ' ' || "memories"."content")`,
    ),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memories_user_character_idx').on(t.userId, t.characterId, t.createdAt),
    index('memories_check_in_idx').on(t.createdAt).where(sql`${t.checkedIn} = false`),
    index('memories_user_pinned_idx').on(t.userId, t.characterId).where(sql`${t.pinned} = true`),
  ],
);
export type TMemoryRow = typeof memories.$inferSelect;

// BM25 statistics beside the memories, kept by the triggers of migration 0023 (never written by the app).
/** Each memory's terms: how often each occurs in it, and the memory's length in terms. */
export const memoryTerms = pgTable(
  'memory_terms',
  {
    memoryId: integer('memory_id').notNull(),
    term: text('term').notNull(),
    userId: integer('user_id').notNull(),
    characterId: integer('character_id').notNull(),
    tf: smallint('tf').notNull(),
    dl: smallint('dl').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memoryId, t.term] }),
    index('memory_terms_person_term_idx').on(t.userId, t.term, t.tf.desc(), t.dl, t.memoryId.desc()),
  ],
);
/** How many of the person's memories hold each term. */
export const memoryTermCounts = pgTable(
  'memory_term_counts',
  {
    userId: integer('user_id').notNull(),
    term: text('term').notNull(),
    df: integer('df').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.term] })],
);
/** How many memories the person has and their summed length in terms. */
/** What a fact said before each update (migration 0027): the text, its kind, day and source, and from when. */
export const memoryFactHistory = pgTable(
  'memory_fact_history',
  {
    id: serial('id').primaryKey(),
    memoryId: integer('memory_id')
      .notNull()
      .references(() => memories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fact: text('fact').notNull(),
    kind: text('kind').$type<TFactKind>(),
    happensOn: date('happens_on'),
    sourceChatUuid: uuid('source_chat_uuid'),
    sourcePosition: integer('source_position'),
    since: timestamp('since', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memory_fact_history_memory_idx').on(t.memoryId, t.replacedAt),
    index('memory_fact_history_user_idx').on(t.userId),
  ],
);

export const memoryTermTotals = pgTable('memory_term_totals', {
  userId: integer('user_id').primaryKey(),
  docs: integer('docs').notNull(),
  lengthSum: bigint('length_sum', { mode: 'number' }).notNull(),
});

export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Payment-provider events already handled, so a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: createdAt(),
});

// --- hardening: uploads with their owner, and the shared rate-limiter store ---

/** Every stored upload, with the person who uploaded it (avatars must be one's own upload). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    url: text('url').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), index('uploads_created_idx').on(t.createdAt)],
);
export type TUploadRow = typeof uploads.$inferSelect;

/** rate-limiter-flexible's Drizzle store: one row per limited key, shared by every instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull(),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);
/** Voice: speech files by content address (an HMAC of engine, settings and text); nothing lists them. */
export const voiceClips = pgTable(
  'voice_clips',
  {
    key: text('key').primaryKey(),
    url: text('url').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
    /** Made or found for someone last then: speech nothing refers to goes a day after this. */
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_clips_used_idx').on(t.usedAt)],
);
export type TVoiceClipRow = typeof voiceClips.$inferSelect;
/** Who each stored speech file was made or found for: a file only one person had goes with them. */
export const voiceClipUsers = pgTable(
  'voice_clip_users',
  {
    key: text('key')
      .notNull()
      .references(() => voiceClips.key, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.userId] }), index('voice_clip_users_user_idx').on(t.userId)],
);
// Billing (Plus): the stored subscription is the plan's only source; plus_until is derived from it.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull().unique(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Until when this subscription gives Plus (status, period end and grace, worked out when it is stored). */
    plusUntil: timestamp('plus_until', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_plus_idx').on(t.userId, t.plusUntil),
    index('subscriptions_customer_idx').on(t.customerId),
  ],
);
export type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** The local (test) checkout's sessions: opened by POST /api/subscribe, closed by Pay or Cancel. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'paid', 'canceled'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('checkout_sessions_user_idx').on(t.userId)],
);
export type TCheckoutSessionRow = typeof checkoutSessions.$inferSelect;

/** 'Contact support' messages; Plus people's are priority and read first. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    isPriority: boolean('is_priority').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_messages_inbox_idx').on(t.isPriority, t.createdAt),
    index('support_messages_user_idx').on(t.userId, t.createdAt),
  ],
);
export type TSupportMessageRow = typeof supportMessages.$inferSelect;

/**
 * Lorebooks (world info). A person's own book (user_id), or a built-in character's (user_id null).
 * `character_id` set: that character's own book (one at most); `always_on`: in every chat of its owner.
 * `source` keeps the imported card or world-info object (minus entries) for an exact export.
 */
export const lorebooks = pgTable(
  'lorebooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    characterId: integer('character_id').references(() => characters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    scanDepth: integer('scan_depth').notNull().default(4),
    tokenBudget: integer('token_budget').notNull().default(512),
    recursiveScanning: boolean('recursive_scanning').notNull().default(false),
    maxRecursionSteps: integer('max_recursion_steps').notNull().default(3),
    alwaysOn: boolean('always_on').notNull().default(false),
    source: jsonb('source').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lorebooks_user_idx').on(t.userId, t.id),
    uniqueIndex('lorebooks_character_idx').on(t.characterId).where(sql`${t.characterId} is not null`),
  ],
);
export type TLorebookRow = typeof lorebooks.$inferSelect;

export const lorebookEntries = pgTable(
  'lorebook_entries',
  {
    id: serial('id').primaryKey(),
    lorebookId: integer('lorebook_id')
      .notNull()
      .references(() => lorebooks.id, { onDelete: 'cascade' }),
    /** The book's own order (the editor's list, the card's entries array). */
    sort: integer('sort').notNull(),
    keys: jsonb('keys').$type<string[]>().notNull().default([]),
    secondaryKeys: jsonb('secondary_keys').$type<string[]>().notNull().default([]),
    selectiveLogic: text('selective_logic', { enum: ['and_any', 'and_all', 'not_any', 'not_all'] })
      .notNull()
      .default('and_any'),
    content: text('content').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    constant: boolean('constant').notNull().default(false),
    insertionOrder: integer('insertion_order').notNull().default(100),
    position: text('position', { enum: ['before_char', 'after_char', 'at_depth'] })
      .notNull()
      .default('before_char'),
    depth: integer('depth').notNull().default(4),
    caseSensitive: boolean('case_sensitive').notNull().default(false),
    matchWholeWords: boolean('match_whole_words').notNull().default(true),
    probability: smallint('probability').notNull().default(100),
    comment: text('comment').notNull().default(''),
    source: jsonb('source').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('lorebook_entries_book_idx').on(t.lorebookId, t.sort)],
);
export type TLorebookEntryRow = typeof lorebookEntries.$inferSelect;

/** Books a person attached to one of their chats. */
export const chatLorebooks = pgTable(
  'chat_lorebooks',
  {
    chatLogUuid: uuid('chat_log_uuid')
      .notNull()
      .references(() => chatLogs.uuid, { onDelete: 'cascade' }),
    lorebookId: integer('lorebook_id')
      .notNull()
      .references(() => lorebooks.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.chatLogUuid, t.lorebookId] }),
    index('chat_lorebooks_book_idx').on(t.lorebookId),
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
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
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
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type TUserSettingsRow = typeof userSettings.$inferSelect;

// --- issue 23: reports and the safety counts ---

/** 'Report' on a reply or on someone else's character; the owner reads them at /admin/reports. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['message', 'character'] }).notNull(),
    characterId: integer('character_id').references(() => characters.id, { onDelete: 'set null' }),
    chatLogUuid: uuid('chat_log_uuid').references(() => chatLogs.uuid, { onDelete: 'set null' }),
    position: integer('position'),
    /** The reported reply's text when it was reported (it may be deleted or edited later). */
    messageText: text('message_text'),
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    /** What the owner did: hid the character, deleted the message, suspended the account, or dismissed. */
    action: text('action'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
export type TReportRow = typeof reports.$inferSelect;

/** Counts only, per UTC month (crisis referrals, unsafe replies replaced): no text, no people. */
export const safetyCounts = pgTable(
  'safety_counts',
  {
    month: date('month').notNull(),
    kind: text('kind', { enum: ['crisis_referral', 'unsafe_reply'] }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.kind] })],
);

/** Web Push: one row per device that turned notifications on (removed with its session or account). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed: signing out on that device ends it. */
    sessionToken: text('session_token')
      .notNull()
      .references(() => sessions.sessionToken, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionToken),
  ],
);
export type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Kindred tabs that said they are visible, until when (a reply finishing then needs no push). */
export const visibleTabs = pgTable(
  'visible_tabs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Made up by the tab itself (a random UUID per page load). */
    tabId: uuid('tab_id').notNull(),
    /** Until when it counts as visible (a hidden tab: the moment it said so). */
    visibleUntil: timestamp('visible_until', { withTimezone: true }).notNull(),
    /** The tab's latest report applied: an older one arriving late is ignored. */
    seq: bigint('seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tabId] })],
);

/** The web-push job's outbox: each push to each device, sent once, retried with backoff. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** What the push is about (a check-in's chat log): one push per device and thing. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<TPushPayload>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    unique('push_deliveries_subscription_dedupe_unique').on(t.subscriptionId, t.dedupeKey),
    index('push_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
