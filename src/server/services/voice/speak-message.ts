// A message's speech on demand (an old message without audio): in its character's voice, kept with it.
import type { TSpeakResponse } from '../../../shared/voice.ts';
import { setMessageAudio, setReplyAudioByContent } from '../../db/queries/voice.ts';
import { AppError } from '../../lib/errors.ts';
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
  const voice = await characterVoice(deps, { userId: input.userId, characterId: input.characterId });
  const { url } = await speakAndStore(deps, { text, ...voice }, { userId: input.userId });
  if (input.hist) {
    const target = { userId: input.userId, uuid: input.hist, content: input.text, audioUrl: url };
    // A message sent on this screen has no position yet: the newest reply with its text is the one.
    if (input.position === null || input.position === undefined)
      await setReplyAudioByContent(deps.db, target);
    else await setMessageAudio(deps.db, { ...target, position: input.position });
  }
  return { audioUrl: url, audioUrlForCloudflare: url };
}
