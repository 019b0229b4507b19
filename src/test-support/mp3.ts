// Reads an MP3 file frame by frame (headers only): checks every frame is where its header says and
// gives the duration, so tests can tell the audio decodes and is as long as the text needs.

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as const;

export type TMp3Info = { frames: number; sampleRate: number; durationSec: number };

export function readMp3(bytes: Uint8Array): TMp3Info {
  let at = 0;
  // An ID3v2 tag may come first.
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1]!;
    const b2 = bytes[at + 2]!;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`No MP3 frame at byte ${at}`);
    const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
    const layer = (b1 >> 1) & 3;
    if (version === 1 || layer !== 1) throw new Error(`Not MPEG audio layer III at byte ${at}`);
    const bitrate = (version === 3 ? BITRATES_V1 : BITRATES_V2)[(b2 >> 4) & 15];
    const rate = RATES[version as 0 | 2 | 3][(b2 >> 2) & 3];
    if (!bitrate || !rate) throw new Error(`Bad MP3 frame header at byte ${at}`);
    const perFrame = version === 3 ? 1152 : 576;
    const padding = (b2 >> 1) & 1;
    const size = Math.floor(((perFrame / 8) * bitrate * 1000) / rate) + padding;
    frames += 1;
    samples += perFrame;
    sampleRate = rate;
    at += size;
  }
  if (frames === 0) throw new Error('No MP3 frames');
  return { frames, sampleRate, durationSec: samples / sampleRate };
}
