// The Node flags `npm start` gives the server (package.json's start script, its last command): whatever
// starts Kindred as its own process (the browser suite's servers, two-instance tests, the benchmarks, and
// the relay a benchmark measures beside it) runs it on the same runtime as it ships.
import { readFileSync } from 'node:fs';

const PACKAGE_JSON = new URL('../../package.json', import.meta.url);

/** The flags between `node` and the server's entry, without the `--import tsx` every caller gives itself. */
export function startNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { scripts: { start: string } };
  const words = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm start's last command is not node: ${scripts.start}`);
  const flags: string[] = [];
  for (let i = 1; i < words.length && words[i]!.startsWith('--'); i++) {
    if (words[i] === '--import') i++;
    else flags.push(words[i]!);
  }
  return flags;
}

/** `node` arguments that start the server as `npm start` does (run from the project's folder). */
export const serverArgs = () => [...startNodeFlags(), '--import', 'tsx', 'src/server/index.ts'];
