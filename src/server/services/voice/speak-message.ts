// A message's speech on demand (an old message without audio): in its character's voice, kept with it.
import type { TSpeakResponse } from '../../../shared/voice.ts';
import { hasOwnReplyAt, setReplyAudio } from '../../db/queries/voice.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { characterVoice } from './character-voice.ts';
import { hasWords, speakableText } from './speakable-text.ts';
import { speakAndStore, type TVoiceDeps } from './voice-store.ts';

export async function speakMessage(
  deps: TVoiceDeps,
  input: {
    userId: number;
    characterId: number;
    text: string;
    hist?: string | null;
    position?: number | null;
  },
): Promise<TSpeakResponse> {
  const text = speakableText(input.text);
  if (!hasWords(text)) throw new AppError('bad_request', 'This message has nothing to say aloud');
  // A stored reply keeps its speech: found by chat and position, and only in the person's own chat,
  // which is checked before any speech is made, so a refused request stores nothing.
  const reply =
    input.hist && input.position !== null && input.position !== undefined
      ? { userId: input.userId, uuid: input.hist, position: input.position }
      : null;
  if (reply && !(await hasOwnReplyAt(deps.db, reply))) throw notFound('Message');
  const voice = await characterVoice(deps, { userId: input.userId, characterId: input.characterId });
  const { url } = await speakAndStore(deps, { text, ...voice }, { userId: input.userId });
  if (reply && !(await setReplyAudio(deps.db, { ...reply, audioUrl: url }))) throw notFound('Message');
  return { audioUrl: url, audioUrlForCloudflare: url };
}
