// Facts that stay true: a new fact is shown to the model beside the person's closest kept facts, and the
// model decides whether to add it, update a kept fact (rewritten; what it said before is kept as history),
// delete one (contradicted away) or do nothing (a repeat, which refreshes the kept fact).
import { z } from 'zod';
import type { TChatModel } from '../ai/chat-model.ts';
import { askJson } from './ask-json.ts';
import { FACT_MAX_CHARS } from './judge.ts';

export const FACT_ACTIONS = ['add', 'update', 'delete', 'none'] as const;
export type TFactAction = (typeof FACT_ACTIONS)[number];

/** A kept fact the new one is compared with, numbered for the model (never its database id). */
export type TKeptFact = { id: number; fact: string; happensOn: string | null };

/**
 * What to do with the new fact. `update`: the kept fact `id` becomes `fact`. `delete`: the kept fact `id`
 * goes; `fact`, when given, is kept as a new fact (what is true now), else nothing new is kept. `none`:
 * the kept fact `id` says the same and is refreshed. `add`: the new fact is kept beside the others.
 */
export type TFactDecision =
  | { action: 'add' }
  | { action: 'update'; id: number; fact: string }
  | { action: 'delete'; id: number; fact: string | null }
  | { action: 'none'; id: number };

/** The answer's shape: `target` is the kept fact's number in the list (1..), 0 for none. */
export const RECONCILE_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    action: { type: 'string', enum: [...FACT_ACTIONS] },
    target: { type: 'integer', minimum: 0, maximum: 9 },
    fact: { type: ['string', 'null'], maxLength: FACT_MAX_CHARS },
  },
  required: ['action', 'target', 'fact'],
  additionalProperties: false,
};

const ZAnswer = z.object({
  action: z.enum(FACT_ACTIONS),
  target: z.coerce.number().int().min(0),
  fact: z.string().trim().max(FACT_MAX_CHARS).nullish(),
});

const INSTRUCTIONS = [
  "You keep a companion's notes about the person true. You get the facts already kept and one new fact.",
  'Answer "add" when the new fact is about something else (target 0).',
  'Answer "update" when it changes a kept fact (a move, a new job, a new name, a new date): target is that',
  "fact's number and fact is the kept fact rewritten to be true now, short and in the third person.",
  'Answer "delete" when it shows a kept fact is no longer true and should be forgotten (a cancelled plan,',
  'a breakup): target is its number; fact is what is worth keeping now, or null.',
  'Answer "none" when a kept fact already says the same (target is its number, fact null).',
  'Answer only with JSON: {"action": "add"|"update"|"delete"|"none", "target": number, "fact": string|null}.',
].join(' ');

/**
 * Asks the model once. Without a usable answer (no JSON mode, an error, a wrong shape, a number that is
 * not in the list, an update without its text) the new fact is added: nothing is lost or wrongly changed.
 */
export async function reconcileFact(
  model: TChatModel,
  input: { fact: string; happensOn: string | null; kept: TKeptFact[] },
  signal?: AbortSignal,
): Promise<TFactDecision> {
  if (input.kept.length === 0 || !model.completeJson) return { action: 'add' };
  const dated = (f: { fact: string; happensOn: string | null }) =>
    f.happensOn ? `${f.fact} (date ${f.happensOn})` : f.fact;
  const answer = await askJson(
    model,
    {
      instructions: INSTRUCTIONS,
      lines: [
        'Kept facts:',
        ...input.kept.map((k, i) => `${i + 1}. ${dated(k)}`),
        `New fact: ${dated(input)}`,
      ],
      schema: RECONCILE_SCHEMA,
      maxTokens: 120,
    },
    signal,
  );
  return parseDecision(answer, input.kept);
}

export function parseDecision(answer: unknown, kept: TKeptFact[]): TFactDecision {
  const parsed = ZAnswer.safeParse(answer);
  if (!parsed.success) return { action: 'add' };
  const { action, target } = parsed.data;
  const fact = parsed.data.fact && parsed.data.fact.length >= 3 ? parsed.data.fact : null;
  if (action === 'add') return { action };
  // Only a fact from the list can be changed: any other number (another person's id, a made-up one) adds.
  const id = kept[target - 1]?.id;
  if (id === undefined) return { action: 'add' };
  if (action === 'update') return fact ? { action, id, fact } : { action: 'add' };
  if (action === 'delete') return { action, id, fact };
  return { action: 'none', id };
}
