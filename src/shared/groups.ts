// Group chats: 2 to 8 characters in one chat, who answers the person, and the calls' shapes.
import { z } from 'zod';
import { ZCharacterId } from './chat.ts';
import { GROUP_MAX_MEMBERS, GROUP_MIN_MEMBERS, REPLY_ORDERS, type TReplyOrder } from './group-limits.ts';
import { zFilledText } from './text.ts';

// The numbers and names live without zod, so the chat screen's group controls do not load the schemas.
export * from './group-limits.ts';

export const ZModelKind = z.enum(['local', 'remote']).default('remote');

export const ZCreateGroup = z.object({
  characterIds: z
    .array(ZCharacterId)
    .min(GROUP_MIN_MEMBERS, `A group chat has at least ${GROUP_MIN_MEMBERS} characters`)
    .max(GROUP_MAX_MEMBERS, `A group chat has at most ${GROUP_MAX_MEMBERS} characters`)
    .refine((ids) => new Set(ids).size === ids.length, 'A character can be in a group only once'),
  replyOrder: z.enum(REPLY_ORDERS).default('natural'),
});
export type TCreateGroup = z.input<typeof ZCreateGroup>;

export const ZGroupPatch = z.object({ replyOrder: z.enum(REPLY_ORDERS) }).strict();

export const ZAddMember = z.object({ characterId: ZCharacterId }).strict();

export const ZMemberPatch = z
  .object({ isMuted: z.boolean(), talkativeness: z.number().int().min(0).max(100) })
  .partial()
  .strict()
  .refine((p) => p.isMuted !== undefined || p.talkativeness !== undefined, 'Nothing to change');

const ZSwitches = {
  memoryEnabled: z.boolean().default(true),
  chainOfThoughtEnabled: z.boolean().default(false),
  isPlayingAudio: z.boolean().optional(),
  kind: ZModelKind,
};

/** The person writes in a group: stored, and the server says who answers. */
export const ZGroupMessage = z.object({
  userInput: zFilledText('A message', 4000),
  memoryEnabled: ZSwitches.memoryEnabled,
  kind: ZModelKind,
});

/** One character's turn: the one named ('Speak', or the planned speaker), or the next one (auto-mode). */
export const ZGroupTurn = z.object({ characterId: ZCharacterId.optional(), ...ZSwitches });
export type TGroupTurn = z.input<typeof ZGroupTurn>;

export type TGroupMember = {
  characterId: number;
  name: string;
  tagline: string;
  avatarUrl: string | null;
  talkativeness: number;
  isMuted: boolean;
};

export type TGroupChat = {
  uuid: string;
  /** The first member: the group opens at /chat/{characterId}?hist={uuid}. */
  characterId: number;
  replyOrder: TReplyOrder;
  title: string | null;
  members: TGroupMember[];
};

/** POST /api/groups/{uuid}/messages: where the message is stored and who answers it, in order. */
export type TGroupMessageResult = { position: number; speakers: number[] };

/** A group's members as History and the sidebar show them. */
export type TGroupFace = { characterId: number; name: string; avatarUrl: string | null };
