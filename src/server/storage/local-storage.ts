// Files in the data folder under media/, served by the app at /media/... (the embedded default).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type TStorage } from './storage.ts';

const URL_PREFIX = '/media/';

export function createLocalStorage(dataDir: string): TStorage {
  const root = path.join(dataDir, 'media');
  const keyOf = (url: string): string | null => {
    if (!url.startsWith(URL_PREFIX)) return null;
    const key = url.slice(URL_PREFIX.length);
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return null;
    }
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      // 'wx': a server-chosen random name never overwrites an existing file.
      await writeFile(file, bytes, { flag: 'wx' });
      return `${URL_PREFIX}${key}`;
    },
    async read(url) {
      const key = keyOf(url);
      if (!key) return null;
      return readFile(path.join(root, key)).catch(() => null);
    },
    async remove(url) {
      const key = keyOf(url);
      if (key) await rm(path.join(root, key), { force: true });
    },
    owns: (url) => keyOf(url) !== null,
  };
}
