// What the fuzzed routes aim at: the fuzzing person's own objects (so bodies reach past the 404s) and
// another person's (so ownership checks are fuzzed too).
import type { TTestUser } from '../test-app.ts';

export type TFuzzTargets = {
  me: TTestUser;
  other: TTestUser;
  /** My chat: a user message at position 0 and a reply at 1. */
  myChat: string;
  /** My group chat with Seraphine Vale (1) and Rook (3). */
  myGroup: string;
  myUpload: string;
  myCharacter: number;
  myBook: number;
  myEntry: number;
  myMemory: number;
  /** A local checkout of mine, not yet paid. */
  myCheckout: string;
};
