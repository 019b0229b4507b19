// The chat switches' defaults (spec §9), without zod: the chat screen imports them.

/** Spec §9: memory on, voice playback on, internal monologue off. */
export const CHAT_SETTING_DEFAULTS = {
  voicePlayback: true,
  internalMonologue: false,
  characterMemory: true,
} as const;

export type TChatSettings = { voicePlayback: boolean; internalMonologue: boolean; characterMemory: boolean };
