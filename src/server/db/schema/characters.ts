// Characters: the built-in cast (user_id null) and people's own.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { TStoredVoiceSettings } from '../../../shared/voice.ts';
import { createdAt, timestamptz } from './columns.ts';
import { users } from './users.ts';

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
    hiddenAt: timestamptz('hidden_at'),
  },
  (t) => [
    index('characters_user_idx').on(t.userId, t.id),
    index('characters_name_idx').on(sql`lower(${t.name})`),
  ],
);

/** The character a row belongs to: `character_id`, removed with the character. */
export const characterColumn = () =>
  integer('character_id')
    .notNull()
    .references(() => characters.id, { onDelete: 'cascade' });

export type TCharacterRow = typeof characters.$inferSelect;
