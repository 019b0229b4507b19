// The text-to-speech interface every engine implements (like agnai's handlers: validator, voices, generate).
import type { TVoiceOption, TVoiceSettings } from '../../shared/voice.ts';

/** A voice an engine offers, with what the description mapping needs to choose it. */
export type TEngineVoice = TVoiceOption & {
  gender: 'female' | 'male' | 'neutral';
  /** Its natural pitch, 'low' to 'high', used to pick among voices of a gender. */
  register: 'low' | 'mid' | 'high';
  /** False when the engine cannot move this voice's pitch (flite's rms). */
  hasPitch: boolean;
};

export type TSpeakInput = {
  text: string;
  settings: TVoiceSettings;
  /** The voice description in words (engines that take instructions use it as they are). */
  description: string;
};

export type TSpeech = {
  bytes: Uint8Array;
  contentType: 'audio/mpeg' | 'audio/ogg';
  /** Raw samples when the engine has them (flite): lets a reply's sentences be joined into one file. */
  pcm?: { samples: Float32Array; sampleRate: number };
};

export type TVoiceEngine = {
  /** The engine's name, part of every stored file's content address. */
  readonly id: 'flite' | 'openai' | 'elevenlabs';
  /** Throws with a clear message when the engine cannot run as configured (checked at start). */
  validator(): void;
  voices(): TEngineVoice[];
  generate(input: TSpeakInput): Promise<TSpeech>;
  /** Joins the speech of consecutive sentences into one file (same format as generate's). */
  join(parts: TSpeech[]): Promise<TSpeech>;
  /**
   * Engines that design voices from a description (ElevenLabs) return settings naming the designed
   * voice, to be kept with the character; the others return the settings unchanged.
   */
  design?(description: string, settings: TVoiceSettings): Promise<TVoiceSettings>;
  /** Starts what the first speech would wait for (threads, compiled WebAssembly), ahead of time. */
  warm?(): Promise<void>;
  close(): Promise<void>;
};
