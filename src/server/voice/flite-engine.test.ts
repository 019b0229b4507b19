import { afterAll, describe, expect, it } from 'vitest';
import { readMp3 } from '../../test-support/mp3.ts';
import { estimatePitchHz } from '../../test-support/pitch.ts';
import { voiceSettingsFromDescription } from './describe-voice.ts';
import { createFliteEngine, fliteThreads } from './flite-engine.ts';

const engine = createFliteEngine();
afterAll(() => engine.close());

const SENTENCE = 'The quick brown fox jumps over the lazy dog, and then it rests by the river for a while.';

describe('the flite engine', () => {
  it('gives decodable MP3 whose duration is plausible for the text', async () => {
    const speech = await engine.generate({
      text: SENTENCE,
      settings: { voice: 'slt', pitch: 0, rate: 1 },
      description: '',
    });
    expect(speech.contentType).toBe('audio/mpeg');
    const mp3 = readMp3(speech.bytes);
    // About 12-18 characters a second is speech; 89 characters is 4-8 seconds.
    expect(mp3.durationSec).toBeGreaterThan(4);
    expect(mp3.durationSec).toBeLessThan(8);
    expect(Math.abs(mp3.durationSec - speech.pcm!.samples.length / speech.pcm!.sampleRate)).toBeLessThan(0.3);
    // Compressed: well under the 16-bit WAV's size.
    expect(speech.bytes.length).toBeLessThan(speech.pcm!.samples.length * 2 * 0.3);
  });

  it("speaks 'deep male' measurably lower than 'high female' (fundamental frequency of the output)", async () => {
    const say = (d: string) =>
      engine.generate({
        text: SENTENCE,
        settings: voiceSettingsFromDescription(d, engine.voices()),
        description: d,
      });
    const [deep, high] = await Promise.all([say('deep male'), say('high female')]);
    const f0Deep = estimatePitchHz(deep.pcm!.samples, deep.pcm!.sampleRate);
    const f0High = estimatePitchHz(high.pcm!.samples, high.pcm!.sampleRate);
    expect(f0Deep).toBeGreaterThan(50);
    expect(f0Deep).toBeLessThan(110);
    expect(f0High).toBeGreaterThan(180);
    expect(f0High / f0Deep).toBeGreaterThan(1.8);
  });

  it('moves pitch and speed with the settings', async () => {
    const base = await engine.generate({
      text: SENTENCE,
      settings: { voice: 'awb', pitch: 0, rate: 1 },
      description: '',
    });
    const moved = await engine.generate({
      text: SENTENCE,
      settings: { voice: 'awb', pitch: 5, rate: 0.7 },
      description: '',
    });
    const f0 = (s: typeof base) => estimatePitchHz(s.pcm!.samples, s.pcm!.sampleRate);
    expect(f0(moved) / f0(base)).toBeGreaterThan(1.2);
    expect(moved.pcm!.samples.length / base.pcm!.samples.length).toBeGreaterThan(1.3);
  });

  it("joins sentences' speech into one file as long as its parts", async () => {
    const settings = { voice: 'slt', pitch: 0, rate: 1 };
    const a = await engine.generate({ text: 'Hello there.', settings, description: '' });
    const b = await engine.generate({ text: 'How are you today?', settings, description: '' });
    const joined = await engine.join([a, b]);
    const parts = readMp3(a.bytes).durationSec + readMp3(b.bytes).durationSec;
    expect(Math.abs(readMp3(joined.bytes).durationSec - parts)).toBeLessThan(0.3);
  });

  it('sizes its pool from the cores, leaving one to the requests', () => {
    expect(fliteThreads(1)).toBe(1);
    expect(fliteThreads(2)).toBe(1);
    expect(fliteThreads(8)).toBe(4);
  });
});
