// Character shapes, limits and input rules shared by the server and the web app.
import { z } from 'zod';
import { ZRowId } from './ids.ts';
import { ZText, zText } from './text.ts';
import { type TStoredVoiceSettings, ZStoredVoiceSettings } from './voice.ts';

/** Spec §5 and §9: the form's limits; the server enforces the same ones. */
export const CHARACTER_LIMITS = {
  name: 20,
  tagline: 100,
  /** The part the person writes; the fixed role-play instructions come on top. */
  description: 1000,
  voiceId: 64,
  voiceDescription: 300,
  avatarUrl: 2048,
  /** The optional first message a new chat opens with. */
  greeting: 2000,
} as const;

/** Pages of character lists; a person's own list can grow without bound. */
export const CHARACTER_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

// The header lives without zod so the web app's list queries do not load the schemas.
export { NEXT_PAGE_HEADER } from './paging.ts';

/**
 * Spec: a created persona's description is "prefixed with fixed role-play instructions". The
 * server owns the prefix: it accepts the description with or without it, checks the limit on the
 * person's own words, and stores prefix + words, so the prompt never depends on what a browser sent.
 */
export const ROLE_PLAY_PREFIX =
  'Role-play instructions: you are the character described below. Stay in character at all times, ' +
  'speak in their voice, keep replies natural and engaging, and treat {{userName}} with warmth and respect.\n\n' +
  'Character description:\n';

/** The person's own words of a stored or submitted description. */
export function withoutRolePlayPrefix(description: string): string {
  return description.startsWith(ROLE_PLAY_PREFIX) ? description.slice(ROLE_PLAY_PREFIX.length) : description;
}

export const withRolePlayPrefix = (words: string) => `${ROLE_PLAY_PREFIX}${words}`;

export const ZCharacterId = ZRowId;

const text = (label: string, max: number) =>
  zText(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is at most ${max} characters`);

/** The avatar is a file this server stored (a /media path, or the bucket's public URL). */
const ZAvatarUrl = zText('Character avatar is required')
  .trim()
  .min(1, 'Character avatar is required')
  .max(CHARACTER_LIMITS.avatarUrl);

export const ZCreateCharacter = z.object({
  name: text('Character name', CHARACTER_LIMITS.name),
  tagline: text('Tagline', CHARACTER_LIMITS.tagline),
  description: zText('Description is required')
    .transform((v) => withoutRolePlayPrefix(v).trim())
    .pipe(text('Description', CHARACTER_LIMITS.description)),
  avatarUrl: ZAvatarUrl,
  voiceId: ZText.trim()
    .max(CHARACTER_LIMITS.voiceId, `Voice is at most ${CHARACTER_LIMITS.voiceId} characters`)
    .regex(/^[\w.:-]*$/, 'Voice must be a voice id (letters, digits, - _ . :)')
    .optional()
    .nullable(),
  voiceDescription: ZText.trim().max(CHARACTER_LIMITS.voiceDescription).optional().nullable(),
  /** Optional: the character's first message in a new chat ({{userName}} is filled in). */
  greeting: ZText.trim()
    .max(CHARACTER_LIMITS.greeting, `Greeting is at most ${CHARACTER_LIMITS.greeting} characters`)
    .optional()
    .nullable(),
  /** Voice: the pitch and speed chosen on the create page (what the preview played). */
  voiceSettings: ZStoredVoiceSettings.optional().nullable(),
  /** 18+: marked by its maker, hidden from people under 18 (issue 23); a person under 18 cannot set it. */
  isAdult: z.boolean('isAdult must be true or false').optional(),
  /** Spec body field; must name the signed-in person when present. */
  userId: z.union([z.number(), z.string()]).optional().nullable(),
});
export type TCreateCharacter = z.input<typeof ZCreateCharacter>;

/** PUT /api/character-personas/{id}: the create form's fields; without avatarUrl the avatar stays. */
export const ZUpdateCharacter = ZCreateCharacter.omit({ userId: true, avatarUrl: true })
  .extend({ avatarUrl: ZAvatarUrl.optional().nullable() })
  .strict();
export type TUpdateCharacter = z.input<typeof ZUpdateCharacter>;

export const ZListQuery = z.object({
  q: ZText.trim().max(100, 'Search is at most 100 characters').optional(),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(CHARACTER_PAGE.maxLimit).default(CHARACTER_PAGE.defaultLimit),
});

/** What a list needs: cards, the sidebar, search results. */
export type TPersonaListItem = {
  id: number;
  name: string;
  tagline: string;
  avatarUrl: string | null;
  userId: number | null;
  featuredGroup: number | null;
  featuredOrder: number | null;
};

/** One persona, as the chat screen needs it. */
export type TPersona = TPersonaListItem & {
  description: string;
  greeting: string | null;
  voiceId: string | null;
  voiceDescription: string | null;
  memoryDisabled: boolean;
  /** The pitch and speed chosen on the create page (the edit page starts from them). */
  voiceSettings?: TStoredVoiceSettings | null;
  /** Marked 18+ by its maker: hidden from people under 18. */
  isAdult: boolean;
};

/** PUT /api/admin/characters/{id}/adult: the owner marks a built-in character 18+ (or not). */
export const ZSetAdult = z.object({ isAdult: z.boolean('isAdult must be true or false') }).strict();
/** GET /api/admin/characters: the built-in cast with its 18+ marks. */
export type TCastMark = { id: number; name: string; isAdult: boolean; isHidden: boolean };

/** The create and edit form's 18+ box, and what a person under 18 is told. */
export const ADULT_CHARACTER_LABEL = '18+ (hidden from people under 18)';
export const MINOR_ADULT_CHARACTER_MESSAGE = 'People under 18 cannot mark a character 18+.';
export const MINOR_SEXUAL_TEXT_MESSAGE =
  'This character has sexual content, which Kindred does not allow for people under 18. Change the words and try again.';
export const MINOR_ADULT_CARD_MESSAGE =
  'This card is marked 18+, and Kindred hides 18+ characters from people under 18.';

export type TBanner = {
  group: number;
  title: string;
  subtitle: string;
  backgroundUrl: string;
  characters: TPersonaListItem[];
};

/** Home's three banners and the sidebar's fixed list, in display order. */
export type TFeatured = { banners: TBanner[]; sidebar: TPersonaListItem[] };

export const CARD_FORMATS = ['png', 'json'] as const;
export const CARD_VERSIONS = ['v2', 'v3'] as const;
export const ZCardExportQuery = z.object({
  format: z.enum(CARD_FORMATS).default('png'),
  version: z.enum(CARD_VERSIONS).default('v3'),
});
