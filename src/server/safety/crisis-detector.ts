// The crisis detector on every send's path: the phrase arm (with negations and figures of speech), the
// shipped sentence encoder's similarity to crisis statements, and, when configured, a moderation provider.
import type { TLogger } from '../lib/logger.ts';
import { cosine, type TEmbedder } from '../memory/embedder.ts';
import { readCrisisPhrases, type TCrisisKind } from './crisis-phrases.ts';
import { CRISIS_REFERENCE_STATEMENTS, LOOK_ALIKE_REFERENCE_STATEMENTS } from './crisis-statements.ts';
import type { TModerationClient } from './moderation-client.ts';
import { normaliseText } from './normalise-text.ts';

export type TCrisisCheck = {
  isCrisis: boolean;
  kind: TCrisisKind | null;
  /** Which arm found it. */
  by: 'phrase' | 'encoder' | 'moderation' | null;
};

export type TEncoderThresholds = {
  /** Cosine to the nearest crisis statement at or above which the encoder arm counts. */
  similarity: number;
  /** And by how much it must beat the nearest look-alike statement. */
  margin: number;
};

/**
 * Chosen on the dev split of the quality set (src/server/safety/crisis-quality.test.ts prints the grid):
 * the highest encoder recall whose false positives on dev stay at or under 2%.
 */
export const ENCODER_THRESHOLDS: TEncoderThresholds = { similarity: 0.54, margin: 0.1 };

export type TCrisisDetector = {
  check(text: string): Promise<TCrisisCheck>;
  /** The encoder arm's scores for a text (the quality test chooses thresholds from them). */
  encoderScores(text: string): Promise<{ similarity: number; margin: number } | null>;
};

export type TCrisisDetectorOptions = {
  embedder?: TEmbedder;
  moderation?: TModerationClient;
  thresholds?: TEncoderThresholds;
  log?: TLogger;
};

const NOT_CRISIS: TCrisisCheck = { isCrisis: false, kind: null, by: null };

export function createCrisisDetector(options: TCrisisDetectorOptions = {}): TCrisisDetector {
  const thresholds = options.thresholds ?? ENCODER_THRESHOLDS;
  let references: Promise<{ crisis: number[][]; lookAlike: number[][] }> | null = null;
  const referenceVectors = (embedder: TEmbedder) => {
    references ??= Promise.all([
      embedder.embed(CRISIS_REFERENCE_STATEMENTS),
      embedder.embed(LOOK_ALIKE_REFERENCE_STATEMENTS),
    ]).then(([crisis, lookAlike]) => ({ crisis, lookAlike }));
    references.catch(() => {
      references = null;
    });
    return references;
  };

  const encoderScores = async (text: string) => {
    const embedder = options.embedder;
    if (!embedder) return null;
    try {
      const [refs, [vector]] = await Promise.all([referenceVectors(embedder), embedder.embed([text])]);
      if (!vector) return null;
      const nearest = (set: number[][]) => Math.max(...set.map((r) => cosine(vector, r)));
      const similarity = nearest(refs.crisis);
      return { similarity, margin: similarity - nearest(refs.lookAlike) };
    } catch (error) {
      options.log?.warn({ err: error }, 'crisis detector: the sentence encoder failed; phrases decide alone');
      return null;
    }
  };

  return {
    encoderScores,
    async check(text) {
      const trimmed = text.trim();
      if (trimmed === '') return NOT_CRISIS;
      const moderation = options.moderation?.isSelfHarm(trimmed);
      const phrases = readCrisisPhrases(normaliseText(trimmed));
      if (phrases.kind !== null) return { isCrisis: true, kind: phrases.kind, by: 'phrase' };
      if (phrases.hasCue && !phrases.isExcused) {
        const scores = await encoderScores(trimmed);
        if (scores && scores.similarity >= thresholds.similarity && scores.margin >= thresholds.margin) {
          return { isCrisis: true, kind: 'suicide', by: 'encoder' };
        }
      }
      if (moderation && (await moderation)) return { isCrisis: true, kind: 'self-harm', by: 'moderation' };
      return NOT_CRISIS;
    },
  };
}
