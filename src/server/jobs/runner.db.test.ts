import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpTestDatabase } from '../../test-support/set-up.ts';
import { until } from '../../test-support/until.ts';
import { modelSetFromConfig } from '../ai/model-set.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { createJobRunner } from './runner.ts';
import type { TJobDefinition } from './types.ts';

const database = setUpTestDatabase();

describe('jobs runner', () => {
  it('runs each listed job, never twice at once across two runners, and sums up its queues', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const job: TJobDefinition = {
      name: 'test-sweep',
      everySeconds: 1,
      async run() {
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((r) => setTimeout(r, 300));
        runs += 1;
        running -= 1;
      },
    };
    const log = createLogger('silent');
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'kindred-jobs-')),
    });
    const runners = [0, 1].map(() =>
      createJobRunner({
        database,
        jobs: [job],
        context: { config, log, models: modelSetFromConfig(config) },
        log,
      }),
    );
    for (const r of runners) await r.start();
    await until(() => runs >= 3);
    const summary = await runners[0]?.summary();
    for (const r of runners) await r.stop();
    expect(overlapped).toBe(false);
    expect(summary).toHaveLength(1);
    expect(summary?.[0]?.name).toBe('test-sweep');
    expect(summary?.[0]?.completed).toBeGreaterThanOrEqual(2);
    expect(summary?.[0]?.failed).toBe(0);
  });
});
