// Voice design from words: a pure mapping from a voice description to an engine's voice, pitch and speed.
import { type TVoiceSettings, VOICE_PITCH_RANGE, VOICE_RATE_RANGE } from '../../shared/voice.ts';
import type { TEngineVoice } from './types.ts';

const WORDS = {
  female: [
    'female',
    'woman',
    'women',
    'girl',
    'lady',
    'feminine',
    'she',
    'her',
    'mother',
    'grandmother',
    'queen',
    'princess',
    'sister',
    'maiden',
    'witch',
  ],
  male: [
    'male',
    'man',
    'men',
    'boy',
    'gentleman',
    'masculine',
    'he',
    'his',
    'father',
    'grandfather',
    'king',
    'prince',
    'brother',
    'lad',
    'guy',
    'wizard',
  ],
  old: [
    'old',
    'older',
    'elderly',
    'aged',
    'ancient',
    'grandfather',
    'grandmother',
    'weary',
    'wizened',
    'venerable',
  ],
  young: ['young', 'youthful', 'child', 'childlike', 'kid', 'teen', 'teenage', 'boyish', 'girlish', 'little'],
  low: [
    'deep',
    'low',
    'bass',
    'baritone',
    'gravelly',
    'rumbling',
    'booming',
    'husky',
    'dark',
    'gruff',
    'resonant',
    'thunderous',
    'commanding',
  ],
  high: ['high', 'bright', 'squeaky', 'light', 'shrill', 'soprano', 'chirpy', 'piping', 'sweet', 'airy'],
  slow: [
    'slow',
    'slowly',
    'unhurried',
    'measured',
    'deliberate',
    'drawling',
    'languid',
    'leisurely',
    'calm',
    'relaxed',
    'soft',
    'gentle',
    'dreamy',
    'thoughtful',
    'quiet',
  ],
  fast: [
    'fast',
    'quick',
    'quickly',
    'rapid',
    'brisk',
    'energetic',
    'excited',
    'lively',
    'breezy',
    'upbeat',
    'hurried',
    'snappy',
    'bubbly',
  ],
  robotic: ['mechanical', 'robotic', 'robot', 'synthetic', 'machine', 'android', 'computer'],
};

/** Semitones and speed factors each kind of word moves the voice by. */
const PITCH_LOW = -4;
const PITCH_HIGH = 3;
const PITCH_VERY = 1.5; // 'very deep', 'very high'
const AGE_PITCH = 1.5;
const RATE_SLOW = 0.85;
const RATE_FAST = 1.18;
/** A small offset from the description itself, so two characters described alike still sound apart. */
const TIMBRE_SPREAD = { pitch: 1, rate: 0.04 };

export const DEFAULT_VOICE_SETTINGS = { pitch: 0, rate: 1 } as const;

/**
 * Maps a voice description ('a deep, slow, gravelly old man', 'bright cheerful young woman, fast') to
 * settings for one engine's voices: gender and age choose the voice, pitch words move the pitch, pace
 * words the speed. Unknown words change nothing; a description with no known word gives the engine's
 * first voice at its own pitch and speed.
 */
export function voiceSettingsFromDescription(description: string, voices: TEngineVoice[]): TVoiceSettings {
  const words = description.toLowerCase().match(/[a-z]+/g) ?? [];
  if (voices.length === 0) throw new Error('The engine offers no voices');
  const known = new Set(Object.values(WORDS).flat());
  if (!words.some((w) => known.has(w))) return { voice: voices[0]!.id, ...DEFAULT_VOICE_SETTINGS };
  const count = (list: string[]) => words.filter((w) => list.includes(w)).length;
  const has = (list: string[]) => count(list) > 0;
  const isVery = /\b(very|extremely|really)\s+(deep|low|high|slow|fast|quick)\b/.test(
    description.toLowerCase(),
  );

  const lowHigh = count(WORDS.low) - count(WORDS.high);
  let pitch = lowHigh > 0 ? PITCH_LOW : lowHigh < 0 ? PITCH_HIGH : 0;
  if (pitch !== 0 && isVery) pitch += Math.sign(pitch) * PITCH_VERY;
  if (has(WORDS.old)) pitch -= AGE_PITCH;
  if (has(WORDS.young)) pitch += AGE_PITCH;

  const slowFast = count(WORDS.fast) - count(WORDS.slow);
  let rate = slowFast > 0 ? RATE_FAST : slowFast < 0 ? RATE_SLOW : 1;
  if (rate !== 1 && isVery) rate = rate > 1 ? rate + 0.12 : rate - 0.1;
  if (has(WORDS.old)) rate *= 0.95;

  const femaleMale = count(WORDS.female) - count(WORDS.male);
  const gender = femaleMale > 0 ? 'female' : femaleMale < 0 ? 'male' : null;
  const seed = hash(words.join(' '));
  const voice = pickVoice(voices, { gender, pitch, isRobotic: has(WORDS.robotic), seed });

  const spread = ((seed % 1000) / 1000) * 2 - 1; // -1..1, fixed for a description
  const timbre = voice.hasPitch ? spread * TIMBRE_SPREAD.pitch : 0;
  return {
    voice: voice.id,
    pitch: voice.hasPitch ? round(clamp(pitch + timbre, VOICE_PITCH_RANGE), 1) : 0,
    rate: round(clamp(rate + spread * TIMBRE_SPREAD.rate, VOICE_RATE_RANGE), 2),
  };
}

function pickVoice(
  voices: TEngineVoice[],
  want: { gender: 'female' | 'male' | null; pitch: number; isRobotic: boolean; seed: number },
): TEngineVoice {
  const register = want.pitch < 0 ? 'low' : want.pitch > 0 ? 'high' : 'mid';
  const score = (v: TEngineVoice) =>
    (want.gender === null || v.gender === want.gender ? 8 : 0) +
    (v.register === register ? 2 : 0) +
    (want.pitch !== 0 && !v.hasPitch ? -4 : 0) +
    // flite's low male diphone voice is the machine-like one; elsewhere 'robotic' only nudges.
    (want.isRobotic && v.gender !== 'female' && v.register === 'low' ? 3 : 0) +
    (want.gender === null && !want.isRobotic && v.gender !== 'male' ? 1 : 0);
  const best = Math.max(...voices.map(score));
  const ties = voices.filter((v) => score(v) === best);
  return ties[want.seed % ties.length]!;
}

/** FNV-1a: a stable number from the description, the same on every machine. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const clamp = (v: number, r: { min: number; max: number }) => Math.min(r.max, Math.max(r.min, v));
const round = (v: number, digits: number) => Number(v.toFixed(digits));
