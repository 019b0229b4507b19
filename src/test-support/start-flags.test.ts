import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startNodeFlags } from './start-flags.ts';

describe('startNodeFlags', () => {
  it("reads the server's flags from npm start, without --import tsx", () => {
    expect(startNodeFlags()).toEqual(['--no-memory-reducer']);
  });

  it('are flags this Node takes on its command line (a typo would stop the server at start)', () => {
    const run = spawnSync(process.execPath, [...startNodeFlags(), '-e', 'process.stdout.write("ran")'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('ran');
  });
});
