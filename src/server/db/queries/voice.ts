// SQL for voice: stored speech files by content address, a character's voice, a message's audio URL.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { TStoredVoiceSettings } from '../../../shared/voice.ts';
import { rowsOf, type TDb } from '../client.ts';
import { characters, chatLogs, chatMessages, type TVoiceClipRow, voiceClips } from '../schema.ts';

/** Records a stored file; a second writer of the same content address keeps the first row. */
export async function insertVoiceClip(
  db: TDb,
  clip: Omit<TVoiceClipRow, 'createdAt' | 'usedAt'>,
): Promise<void> {
  await db.insert(voiceClips).values(clip).onConflictDoNothing();
}

/** The voice of a character the person can see (built-in or their own). */
export async function findCharacterVoice(db: TDb, opts: { userId: number; characterId: number }) {
  const [row] = await db
    .select({
      id: characters.id,
      voiceId: characters.voiceId,
      voiceDescription: characters.voiceDescription,
      voiceSettings: characters.voiceSettings,
    })
    .from(characters)
    .where(
      and(
        eq(characters.id, opts.characterId),
        or(isNull(characters.userId), eq(characters.userId, opts.userId)),
      ),
    )
    .limit(1);
  return row;
}

export async function setCharacterVoiceSettings(
  db: TDb,
  opts: { characterId: number; settings: TStoredVoiceSettings },
): Promise<void> {
  await db
    .update(characters)
    .set({ voiceSettings: opts.settings })
    .where(eq(characters.id, opts.characterId));
}

/** Keeps the audio URL on the chat's last assistant message when it is the reply that was spoken. */
export async function setLastReplyAudio(
  db: TDb,
  opts: { userId: number; uuid: string; content: string; audioUrl: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${chatMessages} m set audio_url = ${opts.audioUrl}
    from ${chatLogs} l
    where m.chat_log_uuid = l.uuid and l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.content = ${opts.content}
      and m.position = (
        select max(position) from ${chatMessages} where chat_log_uuid = ${opts.uuid} and role = 'assistant'
      )
    returning m.position`);
  return rowsOf(result).length > 0;
}

/** Keeps the audio URL on the newest reply of the person's chat with exactly this text. */
export async function setReplyAudioByContent(
  db: TDb,
  opts: { userId: number; uuid: string; content: string; audioUrl: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${chatMessages} m set audio_url = ${opts.audioUrl}
    from ${chatLogs} l
    where m.chat_log_uuid = l.uuid and l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.position = (
        select max(position) from ${chatMessages}
        where chat_log_uuid = ${opts.uuid} and role = 'assistant' and content = ${opts.content}
      )
    returning m.position`);
  return rowsOf(result).length > 0;
}

/** Keeps the audio URL on one stored message of the person's chat, when its text is the text spoken. */
export async function setMessageAudio(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; content: string; audioUrl: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${chatMessages} m set audio_url = ${opts.audioUrl}
    from ${chatLogs} l
    where m.chat_log_uuid = l.uuid and l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.position = ${opts.position} and m.content = ${opts.content}
    returning m.position`);
  return rowsOf(result).length > 0;
}
