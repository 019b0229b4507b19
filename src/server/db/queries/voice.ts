// SQL for voice: stored speech files by content address, a character's voice, a reply's audio URL.
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

/**
 * Keeps the audio URL with one reply of the person's chat, found by chat and position (the reply stream
 * and the chat page both tell the position). False when there is no such reply of theirs.
 */
/** Whether the person's own chat `uuid` has a reply at `position` (asked before speech is made for it). */
export async function hasOwnReplyAt(
  db: TDb,
  opts: { userId: number; uuid: string; position: number },
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${chatMessages} m join ${chatLogs} l on l.uuid = m.chat_log_uuid
    where l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.position = ${opts.position} and m.role = 'assistant'`);
  return rowsOf(result).length > 0;
}

export async function setReplyAudio(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; audioUrl: string },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${chatMessages} m set audio_url = ${opts.audioUrl}
    from ${chatLogs} l
    where m.chat_log_uuid = l.uuid and l.uuid = ${opts.uuid} and l.user_id = ${opts.userId}
      and m.position = ${opts.position} and m.role = 'assistant'
    returning m.position`);
  return rowsOf(result).length > 0;
}
