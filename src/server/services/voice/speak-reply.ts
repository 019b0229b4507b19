// Speaks a reply while it streams: each complete sentence is spoken as soon as it is written (an `audio`
// event), and when the reply is done the whole of it is stored as one file on the message.
import type { TReplyAudio } from '../../../shared/voice.ts';
import { setReplyAudio } from '../../db/queries/voice.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TSpeech } from '../../voice/types.ts';
import type { TReplyEvent } from '../chat/stream-reply.ts';
import { characterVoice, type TCharacterVoice } from './character-voice.ts';
import { hasWords, lastSentenceEnd, speakableText } from './speakable-text.ts';
import { speakAndStore, storeSpeech, type TStoredSpeech, type TVoiceDeps } from './voice-store.ts';

/** The reply's events plus the speech of each sentence (`{ type, data }`, written as an SSE event). */
export type TSpokenReplyEvent = TReplyEvent | { type: 'audio'; data: TReplyAudio };

export type TSpeakReplyOptions = { userId: number; characterId: number; log?: TLogger };

type TClip = { index: number; text: string; stored: TStoredSpeech | null };

export async function* speakReply(
  deps: TVoiceDeps,
  events: AsyncGenerator<TReplyEvent>,
  opts: TSpeakReplyOptions,
): AsyncGenerator<TSpokenReplyEvent> {
  let voice: Promise<TCharacterVoice | null> | undefined;
  const voiceOnce = () => {
    voice ??= characterVoice(deps, { userId: opts.userId, characterId: opts.characterId }).catch((error) => {
      opts.log?.warn({ err: error }, 'character voice unavailable; the reply is not spoken');
      return null;
    });
    return voice;
  };

  // The character's voice is looked up while the model is still thinking.
  void voiceOnce();
  let written = '';
  let spokenUpTo = 0;
  const clips: Promise<TClip>[] = [];
  let sent = 0;

  const speak = (raw: string) => {
    const text = speakableText(raw);
    if (!hasWords(text)) return;
    const index = clips.length;
    clips.push(
      (async () => {
        const v = await voiceOnce();
        if (!v) return { index, text, stored: null };
        try {
          const stored = await speakAndStore(
            deps,
            { text, ...v },
            { userId: opts.userId, needSamples: true },
          );
          return { index, text, stored };
        } catch (error) {
          opts.log?.warn({ err: error }, 'speech of a sentence failed');
          return { index, text, stored: null };
        }
      })(),
    );
  };
  const toEvent = (clip: TClip): TSpokenReplyEvent | null =>
    clip.stored
      ? { type: 'audio', data: { index: clip.index, url: clip.stored.url, text: clip.text } }
      : null;

  const source = events[Symbol.asyncIterator]();
  let next = source.next();
  for (;;) {
    // Whichever comes first: the reply's next event, or the speech of the oldest unsent sentence.
    const head = clips[sent];
    const first = head
      ? await Promise.race([next.then((r) => ({ r })), head.then((clip) => ({ clip }))])
      : { r: await next };
    if ('clip' in first) {
      sent += 1;
      const event = toEvent(first.clip);
      if (event) yield event;
      continue;
    }
    const { r } = first;
    if (r.done) return;
    next = source.next();
    const event = r.value;
    if (event.type === 'delta') {
      written += event.text;
      const end = lastSentenceEnd(written, spokenUpTo);
      if (end > spokenUpTo) {
        speak(written.slice(spokenUpTo, end));
        spokenUpTo = end;
      }
      yield event;
    } else if (event.type === 'done' && event.response.reply !== '') {
      speak(written.slice(spokenUpTo));
      spokenUpTo = written.length;
      const all = await Promise.all(clips);
      for (const clip of all.slice(sent)) {
        const audio = toEvent(clip);
        if (audio) yield audio;
      }
      sent = all.length;
      const url = await storeWhole(deps, all, await voiceOnce(), opts);
      const position = event.positions.replyPosition;
      if (url && position !== null) {
        await setReplyAudio(deps.db, {
          userId: opts.userId,
          uuid: event.response.hist,
          position,
          audioUrl: url,
        });
      }
      yield { ...event, response: { ...event.response, audioUrl: url, audioUrlForCloudflare: url } };
    } else {
      yield event;
    }
  }
}

/** The whole reply as one file: the sentences' speech joined (or found stored by content address). */
async function storeWhole(
  deps: TVoiceDeps,
  clips: TClip[],
  voice: TCharacterVoice | null,
  opts: TSpeakReplyOptions,
): Promise<string | null> {
  if (!voice || clips.length === 0 || clips.some((c) => !c.stored)) return null;
  if (clips.length === 1) return clips[0]!.stored!.url;
  const text = clips.map((c) => c.text).join(' ');
  try {
    const parts = await Promise.all(clips.map((c) => c.stored!.speech ?? readBack(deps, c.stored!)));
    const owner = { userId: opts.userId };
    if (parts.some((p) => p === null)) return (await speakAndStore(deps, { text, ...voice }, owner)).url;
    const joined = await deps.engine.join(parts as TSpeech[]);
    return (await storeSpeech(deps, { text, ...voice }, joined, owner)).url;
  } catch (error) {
    opts.log?.warn({ err: error }, 'storing the spoken reply failed');
    return null;
  }
}

/** A sentence found stored (a remote engine's MP3): its bytes, to be joined with the others. */
async function readBack(deps: TVoiceDeps, stored: TStoredSpeech): Promise<TSpeech | null> {
  if (deps.engine.id === 'flite') return null;
  const bytes = await deps.storage.read(stored.url);
  return bytes ? { bytes, contentType: 'audio/mpeg' } : null;
}
