// Stored files and shared counters: uploads with their owner, the rate-limiter store, voice clips.
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz } from './columns.ts';
import { personColumn } from './users.ts';

// --- hardening: uploads with their owner, and the shared rate-limiter store ---

/** Every stored upload, with the person who uploaded it (avatars must be one's own upload). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    url: text('url').notNull().unique(),
    userId: personColumn(),
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
    expire: timestamptz('expire'),
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
    usedAt: timestamptz('used_at').notNull().defaultNow(),
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
    userId: personColumn(),
    usedAt: timestamptz('used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.userId] }), index('voice_clip_users_user_idx').on(t.userId)],
);
