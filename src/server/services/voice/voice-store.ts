// Speech by content address: the same engine, settings and text give the same stored file, made once.
// Each person it is made or found for is recorded with it, so it goes with the last of them.
import { createHmac } from 'node:crypto';
import type { TVoiceSettings } from '../../../shared/voice.ts';
import type { TDb } from '../../db/client.ts';
import { insertVoiceClip } from '../../db/queries/voice.ts';
import { claimVoiceClip } from '../../db/queries/voice-clips.ts';
import type { TStorage } from '../../storage/index.ts';
import type { TSpeech, TVoiceEngine } from '../../voice/types.ts';

export type TVoiceDeps = { db: TDb; engine: TVoiceEngine; storage: TStorage; secret: string };

export type TStoredSpeech = { url: string; contentType: string; speech?: TSpeech };

/**
 * The file name is an HMAC under the server's secret: the same input always finds the same file, and
 * nobody can work out a file's name from a text they guess.
 */
export function speechKey(
  deps: Pick<TVoiceDeps, 'engine' | 'secret'>,
  input: { text: string; settings: TVoiceSettings; description: string },
): string {
  const { voice, pitch, rate } = input.settings;
  // flite does not read the description; the other engines send it as instructions or design from it.
  const description = deps.engine.id === 'flite' ? '' : input.description;
  const digest = createHmac('sha256', deps.secret)
    .update(JSON.stringify(['speech', deps.engine.id, voice, pitch, rate, description, input.text]))
    .digest('base64url')
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 40);
  return `audio/${digest}.mp3`;
}

const inFlight = new Map<string, Promise<TStoredSpeech>>();

/** Whom the speech is for: the file is recorded as theirs (too). */
export type TSpeechFor = { userId: number; needSamples?: boolean };

/**
 * Speaks `text` and stores it, or finds it stored, for the person. With `needSamples` (joining a reply's
 * sentences) an engine that gives raw samples speaks again, cheaply, so the samples are at hand.
 */
export async function speakAndStore(
  deps: TVoiceDeps,
  input: { text: string; settings: TVoiceSettings; description: string },
  opts: TSpeechFor,
): Promise<TStoredSpeech> {
  const key = speechKey(deps, input);
  const existing = await claimVoiceClip(deps.db, { key, userId: opts.userId });
  const wantsSpeech = opts.needSamples && deps.engine.id === 'flite';
  if (existing && !wantsSpeech) return { url: existing.url, contentType: existing.contentType };
  const running = inFlight.get(key);
  if (running && !wantsSpeech) {
    const stored = await running;
    // Made for someone else a moment ago: now it is this person's too.
    await claimVoiceClip(deps.db, { key, userId: opts.userId });
    return stored;
  }
  const work = (async () => {
    const speech = await deps.engine.generate(input);
    if (existing) return { url: existing.url, contentType: existing.contentType, speech };
    return { ...(await store(deps, key, speech, opts.userId)), speech };
  })();
  if (!wantsSpeech) {
    inFlight.set(key, work);
    void work.finally(() => inFlight.delete(key)).catch(() => {});
  }
  return work;
}

/** Stores already-made speech (a reply's joined sentences) under its content address. */
export async function storeSpeech(
  deps: TVoiceDeps,
  input: { text: string; settings: TVoiceSettings; description: string },
  speech: TSpeech,
  opts: TSpeechFor,
): Promise<TStoredSpeech> {
  const key = speechKey(deps, input);
  const existing = await claimVoiceClip(deps.db, { key, userId: opts.userId });
  if (existing) return { url: existing.url, contentType: existing.contentType, speech };
  return { ...(await store(deps, key, speech, opts.userId)), speech };
}

async function store(deps: TVoiceDeps, key: string, speech: TSpeech, userId: number) {
  let url: string;
  try {
    url = await deps.storage.put(key, Buffer.from(speech.bytes), speech.contentType);
  } catch (error) {
    // Another instance wrote the same content address first: its row names the file.
    const raced = await claimVoiceClip(deps.db, { key, userId });
    if (raced) return { url: raced.url, contentType: raced.contentType };
    // The local file outlived its row (a stop between the two writes): same content, so keep it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || deps.storage.kind !== 'local') throw error;
    url = `/media/${key}`;
  }
  await insertVoiceClip(deps.db, { key, url, contentType: speech.contentType, bytes: speech.bytes.length });
  await claimVoiceClip(deps.db, { key, userId });
  return { url, contentType: speech.contentType };
}
