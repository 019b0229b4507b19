// Builds crisis care once at start: the embedded detector (phrases, and the memory service's sentence
// encoder), the moderation provider when MODERATION_URL is set, and the crisis-line table.
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TEmbedder } from '../../memory/embedder.ts';
import { createCrisisDetector } from '../../safety/crisis-detector.ts';
import { loadCrisisLines } from '../../safety/crisis-lines.ts';
import { createModerationClient } from '../../safety/moderation-client.ts';
import { createSafety, type TSafety } from './crisis-care.ts';

export function safetyFromConfig(deps: {
  config: TConfig;
  db: TDb;
  embedder?: TEmbedder;
  log?: TLogger;
}): TSafety {
  const { config, log } = deps;
  const moderation = config.MODERATION_URL
    ? createModerationClient({
        url: config.MODERATION_URL,
        apiKey: config.MODERATION_API_KEY,
        model: config.MODERATION_MODEL,
        log,
      })
    : undefined;
  const detector = createCrisisDetector({ embedder: deps.embedder, moderation, log });
  return createSafety({ db: deps.db, detector, lines: loadCrisisLines(config.dataDir, log), log });
}
