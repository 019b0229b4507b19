// A suite's tiny random-weight GGUF (tiny-gguf.ts) in a temporary folder, and the model made on it: made
// before the suite's tests, disposed and the folder removed after them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { writeTinyGguf } from './tiny-gguf.ts';

/** `dir` and `model` are filled in by the suite's start: read them inside tests and hooks only. */
export function setUpTinyGguf<T extends { dispose(): Promise<void> }>(
  prefix: string,
  fileName: string,
  make: (modelPath: string) => T,
): { dir: string; model: T } {
  const suite = {} as { dir: string; model: T };
  beforeAll(async () => {
    suite.dir = await mkdtemp(join(tmpdir(), prefix));
    await writeTinyGguf(join(suite.dir, fileName));
    suite.model = make(join(suite.dir, fileName));
  });
  afterAll(async () => {
    await suite.model.dispose();
    await rm(suite.dir, { recursive: true, force: true });
  });
  return suite;
}
