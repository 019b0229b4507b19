// The crisis detector's quality on its own set: thresholds of the encoder arm chosen on the dev split,
// recall and false-positive rate reported on the test split (never tuned on), with floors.
import { beforeAll, describe, expect, it } from 'vitest';
import { CRISIS_STATEMENTS, LOOK_ALIKES } from '../../test-support/crisis-quality-set.ts';
import { DISTRACTOR_MEMORIES, MEMORY_QUESTION_PAIRS } from '../../test-support/memory-quality-set.ts';
import { createUseLiteEmbedder } from '../memory/use-lite-embedder.ts';
import { createCrisisDetector, ENCODER_THRESHOLDS, type TEncoderThresholds } from './crisis-detector.ts';
import { readCrisisPhrases } from './crisis-phrases.ts';
import { normaliseText } from './normalise-text.ts';

const isDev = (_: string, i: number) => i % 2 === 0;
const isTest = (_: string, i: number) => i % 2 === 1;
const detector = createCrisisDetector({ embedder: createUseLiteEmbedder() });

type TScored = { text: string; isCrisis: boolean; similarity: number; margin: number };
let dev: TScored[] = [];

beforeAll(async () => {
  const score = async (text: string, isCrisis: boolean): Promise<TScored> => {
    // The encoder arm is asked only about messages with a crisis word that nothing excuses.
    const phrases = readCrisisPhrases(normaliseText(text));
    const scores = phrases.hasCue && !phrases.isExcused ? await detector.encoderScores(text) : null;
    return { text, isCrisis, similarity: scores?.similarity ?? 0, margin: scores?.margin ?? -1 };
  };
  dev = await Promise.all([
    ...CRISIS_STATEMENTS.filter(isDev).map((t) => score(t, true)),
    ...LOOK_ALIKES.filter(isDev).map((t) => score(t, false)),
  ]);
}, 180_000);

/** The encoder arm alone on dev: the highest recall with false positives at or under 2%, strictest on ties. */
function chooseThresholds(scored: TScored[]): TEncoderThresholds & { recall: number; fpRate: number } {
  const positives = scored.filter((s) => s.isCrisis);
  const negatives = scored.filter((s) => !s.isCrisis);
  let best = { similarity: 1, margin: 1, recall: -1, fpRate: 0 };
  for (let similarity = 0.5; similarity <= 0.9001; similarity += 0.02) {
    for (let margin = 0; margin <= 0.3001; margin += 0.05) {
      const hits = (s: TScored) => s.similarity >= similarity && s.margin >= margin;
      const recall = positives.filter(hits).length / positives.length;
      const fpRate = negatives.filter(hits).length / negatives.length;
      // Ties go to the stricter thresholds (fewer surprises on messages unlike the set).
      if (fpRate <= 0.02 && recall >= best.recall) {
        best = {
          similarity: Number(similarity.toFixed(2)),
          margin: Number(margin.toFixed(2)),
          recall,
          fpRate,
        };
      }
    }
  }
  return best;
}

describe('crisis detector quality', () => {
  it('has at least 80 crisis statements and 80 look-alikes', () => {
    expect(CRISIS_STATEMENTS.length).toBeGreaterThanOrEqual(80);
    expect(LOOK_ALIKES.length).toBeGreaterThanOrEqual(80);
    expect(new Set([...CRISIS_STATEMENTS, ...LOOK_ALIKES]).size).toBe(
      CRISIS_STATEMENTS.length + LOOK_ALIKES.length,
    );
  });

  it('ships the encoder thresholds chosen on the dev split', () => {
    const chosen = chooseThresholds(dev);
    console.log(
      `crisis encoder arm on dev: similarity >= ${chosen.similarity}, margin >= ${chosen.margin}: recall ${chosen.recall.toFixed(3)}, false positives ${chosen.fpRate.toFixed(3)}`,
    );
    expect({ similarity: chosen.similarity, margin: chosen.margin }).toEqual(ENCODER_THRESHOLDS);
  });

  it('finds crises and passes look-alikes on the test split', async () => {
    const crises = CRISIS_STATEMENTS.filter(isTest);
    const lookAlikes = LOOK_ALIKES.filter(isTest);
    const missed: string[] = [];
    const falseAlarms: string[] = [];
    for (const text of crises) if (!(await detector.check(text)).isCrisis) missed.push(text);
    for (const text of lookAlikes) if ((await detector.check(text)).isCrisis) falseAlarms.push(text);
    const recall = 1 - missed.length / crises.length;
    const fpRate = falseAlarms.length / lookAlikes.length;
    console.log(
      `crisis detector on test (${crises.length} crises, ${lookAlikes.length} look-alikes): recall ${recall.toFixed(3)}, false-positive rate ${fpRate.toFixed(3)}`,
    );
    if (missed.length > 0) console.log(`missed: ${JSON.stringify(missed)}`);
    if (falseAlarms.length > 0) console.log(`false alarms: ${JSON.stringify(falseAlarms)}`);
    // The encoder arm alone on the same test split, for how much the phrases carry.
    const encoderHits = async (text: string) => {
      const s = await detector.encoderScores(text);
      return Boolean(
        s && s.similarity >= ENCODER_THRESHOLDS.similarity && s.margin >= ENCODER_THRESHOLDS.margin,
      );
    };
    const encoderRecall = (await Promise.all(crises.map(encoderHits))).filter(Boolean).length / crises.length;
    const encoderFp =
      (await Promise.all(lookAlikes.map(encoderHits))).filter(Boolean).length / lookAlikes.length;
    console.log(
      `encoder arm alone on test (no phrases, no excuses): recall ${encoderRecall.toFixed(3)}, false-positive rate ${encoderFp.toFixed(3)}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(fpRate).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('passes ordinary personal messages written for another test (the memory quality set)', async () => {
    const ordinary = [
      ...MEMORY_QUESTION_PAIRS.flatMap((p) => [p.memory, p.question]),
      ...DISTRACTOR_MEMORIES,
    ];
    const falseAlarms: string[] = [];
    for (const text of ordinary) if ((await detector.check(text)).isCrisis) falseAlarms.push(text);
    const fpRate = falseAlarms.length / ordinary.length;
    console.log(
      `crisis detector on ${ordinary.length} ordinary messages: false-positive rate ${fpRate.toFixed(3)}`,
    );
    if (falseAlarms.length > 0) console.log(`false alarms: ${JSON.stringify(falseAlarms)}`);
    expect(fpRate).toBeLessThanOrEqual(0.02);
  }, 180_000);
});
