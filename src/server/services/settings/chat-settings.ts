// A person's chat switches: what they chose, or the spec's default for each one they never chose.
import {
  CHAT_SETTING_DEFAULTS,
  type TChatSettings,
  type TChatSettingsChange,
} from '../../../shared/settings.ts';
import type { TDb } from '../../db/client.ts';
import { findUserSettings, saveUserSettings } from '../../db/queries/settings.ts';
import type { TUserSettingsRow } from '../../db/schema.ts';

const withDefaults = (row: TUserSettingsRow | undefined): TChatSettings => ({
  voicePlayback: row?.voicePlayback ?? CHAT_SETTING_DEFAULTS.voicePlayback,
  internalMonologue: row?.internalMonologue ?? CHAT_SETTING_DEFAULTS.internalMonologue,
  characterMemory: row?.characterMemory ?? CHAT_SETTING_DEFAULTS.characterMemory,
});

export async function readChatSettings(db: TDb, userId: number): Promise<TChatSettings> {
  return withDefaults(await findUserSettings(db, userId));
}

export async function changeChatSettings(
  db: TDb,
  userId: number,
  change: TChatSettingsChange,
): Promise<TChatSettings> {
  return withDefaults(await saveUserSettings(db, userId, change));
}
