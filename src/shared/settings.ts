// The chat switches a person chooses once and keeps on every device (voice playback, internal monologue,
// character memory), with the spec's defaults for a person who never chose.
import { z } from 'zod';

// The defaults live without zod so the chat screen does not load the schemas for them.
export { CHAT_SETTING_DEFAULTS, type TChatSettings } from './setting-defaults.ts';

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
