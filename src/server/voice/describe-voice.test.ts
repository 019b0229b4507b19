import { describe, expect, it } from 'vitest';
import { CAST } from '../db/seed/cast.ts';
import { settingsFor } from '../services/voice/character-voice.ts';
import { voiceSettingsFromDescription } from './describe-voice.ts';
import { createFliteEngine } from './flite-engine.ts';

const engine = createFliteEngine();
const voices = engine.voices();
const map = (d: string) => voiceSettingsFromDescription(d, voices);

describe('voiceSettingsFromDescription', () => {
  it('gives a deep, slow old man a low male voice, lower and slower than its own', () => {
    const s = map('a deep, slow, gravelly old man');
    expect(s.voice).toBe('kal16');
    expect(s.pitch).toBeLessThan(-3);
    expect(s.rate).toBeLessThan(0.9);
  });

  it('gives a bright cheerful young woman, fast, a female voice, higher and quicker', () => {
    const s = map('bright cheerful young woman, fast');
    expect(s.voice).toBe('slt');
    expect(s.pitch).toBeGreaterThan(2);
    expect(s.rate).toBeGreaterThan(1.1);
  });

  it('picks male and female voices from gender words', () => {
    expect(voices.find((v) => v.id === map('an old king').voice)?.gender).toBe('male');
    expect(voices.find((v) => v.id === map('a kindly grandmother').voice)?.gender).toBe('female');
  });

  it('never asks rms for a pitch it cannot make', () => {
    for (const d of ['deep male', 'very deep slow man', 'high boyish lad']) {
      expect(map(d).voice).not.toBe('rms');
    }
  });

  it('falls back to the first voice at its own pitch and speed for unknown or empty words', () => {
    expect(map('')).toEqual({ voice: 'slt', pitch: 0, rate: 1 });
    expect(map('xyzzy plugh')).toEqual({ voice: 'slt', pitch: 0, rate: 1 });
  });

  it('is stable: the same description always gives the same settings', () => {
    expect(map('warm, calm, low female voice')).toEqual(map('warm, calm, low female voice'));
  });

  it('keeps a voice id the engine knows (the Voice field) and still maps pitch and pace', () => {
    const s = settingsFor(engine, 'deep slow voice', 'awb');
    expect(s.voice).toBe('awb');
    expect(s.pitch).toBeLessThan(0);
    expect(settingsFor(engine, 'deep slow voice', 'no-such-voice').voice).not.toBe('no-such-voice');
  });

  it('gives every built-in character a distinct voice from its stored description', () => {
    const heard = CAST.map((c) => {
      const s = settingsFor(engine, c.voiceDescription, c.voiceId);
      const hasPitch = voices.find((v) => v.id === s.voice)!.hasPitch;
      // What a listener can tell apart: the voice, its pitch (where the voice has one) and its speed.
      return `${s.voice}/${hasPitch ? s.pitch : '-'}/${s.rate}`;
    });
    expect(new Set(heard).size).toBe(CAST.length);
  });
});
