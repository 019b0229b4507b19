// The chat switches a person chooses once and keeps on every device (voice playback, internal monologue,
// character memory), with the spec's defaults for a person who never chose.
import { z } from 'zod';

/** Spec §9: memory on, voice playback on, internal monologue off. */
export const CHAT_SETTING_DEFAULTS = {
  voicePlayback: true,
  internalMonologue: false,
  characterMemory: true,
} as const;

export type TChatSettings = { voicePlayback: boolean; internalMonologue: boolean; characterMemory: boolean };

/** PUT /api/settings: any of the switches; the ones left out keep what they were. */
export const ZChatSettingsChange = z
  .object({
    voicePlayback: z.boolean().optional(),
    internalMonologue: z.boolean().optional(),
    characterMemory: z.boolean().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Name at least one setting to change');
export type TChatSettingsChange = z.infer<typeof ZChatSettingsChange>;
