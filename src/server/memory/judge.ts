// The memory judge: asks the chat model (for one small JSON object) whether an exchange holds something to
// keep, and as what: short, self-contained third-person facts, each with a kind, an importance, and for
// events and plans the day it happens (relative dates resolved against the message's time where the person is).
import { z } from 'zod';
import { FACT_KINDS, type TFactKind } from '../../shared/memories.ts';
import type { TChatModel } from '../ai/chat-model.ts';
import { askJson } from './ask-json.ts';
import { isNothingToJudge } from './trivial.ts';

/** Facts kept from one exchange at most; a fact's length in characters at most. */
export const FACTS_MAX = 5;
export const FACT_MAX_CHARS = 300;
/** Kinds whose facts carry the day they happen (their check-in comes after it). */
const DATED_KINDS: readonly TFactKind[] = ['event', 'plan'];

/** The verdict's core: an answer without it is unusable (nothing is stored, as before facts). */
const ZVerdict = z.object({
  remember: z.boolean(),
  importance: z.coerce.number().int().min(1).max(5),
});
/** One fact; a malformed fact is dropped alone, the others kept. */
const ZFact = z.object({
  fact: z.string().trim().min(3).max(FACT_MAX_CHARS),
  kind: z.enum(FACT_KINDS),
  importance: z.coerce.number().int().min(1).max(5),
  date: z.string().nullish(),
});

/**
 * The JSON Schema the model's answer must follow (json_schema, or a llama.cpp grammar, which knows no
 * anyOf: a missing date is null by a type list). Written out rather than derived for that reason;
 * judge.test.ts checks that answers following it parse.
 */
export const JUDGE_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    remember: { type: 'boolean' },
    importance: { type: 'integer', minimum: 1, maximum: 5 },
    facts: {
      type: 'array',
      maxItems: FACTS_MAX,
      items: {
        type: 'object',
        properties: {
          fact: { type: 'string', maxLength: FACT_MAX_CHARS },
          kind: { type: 'string', enum: [...FACT_KINDS] },
          importance: { type: 'integer', minimum: 1, maximum: 5 },
          date: { type: ['string', 'null'] },
        },
        required: ['fact', 'kind', 'importance', 'date'],
        additionalProperties: false,
      },
    },
  },
  required: ['remember', 'importance', 'facts'],
  additionalProperties: false,
};

export type TJudgedFact = {
  fact: string;
  kind: TFactKind;
  /** 1..5 */
  importance: number;
  /** YYYY-MM-DD, events and plans only. */
  happensOn: string | null;
};

/** `facts` empty: keep the person's words as they are (the model named no usable fact). */
export type TVerdict = { remember: false } | { remember: true; importance: number; facts: TJudgedFact[] };

const INSTRUCTIONS = [
  'You decide what a companion should remember about the person they chat with.',
  'Remember the message when it tells something about the person that matters later: facts about their life,',
  'people, pets, places, work, health, plans, upcoming events, feelings, likes and dislikes, goals or worries.',
  'Do not remember greetings, small talk, thanks, questions to the companion, or role-play chatter.',
  'Importance: 1 trivia, 3 useful, 5 life-changing or something to follow up on (an exam, an interview).',
  'When you remember, write each thing worth keeping as a short, self-contained fact in the third person,',
  'naming the person (e.g. "Sam has a job interview at the bakery on Friday 27 November 2026"),',
  `each with its kind (${FACT_KINDS.join(', ')}) and importance.`,
  'For an event or plan, date is the day it happens as YYYY-MM-DD: work out "tomorrow", "next Friday" or',
  '"on the 3rd" from the date the message was sent, and write the day in the fact too; otherwise date is null.',
  'Answer only with JSON: {"remember": true|false, "importance": 1-5, "facts": [{"fact": "...",',
  '"kind": "...", "importance": 1-5, "date": "YYYY-MM-DD" or null}]}.',
].join(' ');

export type TExchange = {
  message: string;
  reply: string;
  /** What the person is called in facts. */
  userName?: string;
  /** When the message was sent, and the person's time zone (IANA; null: UTC). */
  sentAt?: Date;
  timeZone?: string | null;
};

/**
 * Null when the model has no JSON mode or its answer is unusable: then nothing is stored.
 * Trivial messages and questions that say nothing about the person never reach the model.
 */
export async function judgeExchange(
  model: TChatModel,
  exchange: TExchange,
  signal?: AbortSignal,
): Promise<TVerdict | null> {
  if (isNothingToJudge(exchange.message)) {
    return { remember: false };
  }
  if (!model.completeJson) return null;
  const sent = localDay(exchange.sentAt ?? new Date(), exchange.timeZone ?? null);
  const answer = await askJson(
    model,
    {
      instructions: INSTRUCTIONS,
      lines: [
        `Sent: ${sent.text} (${sent.iso}) in ${sent.timeZone}.`,
        `Person${exchange.userName ? ` (${exchange.userName})` : ''}: ${exchange.message.slice(0, 2000)}`,
        `Companion: ${exchange.reply.slice(0, 1000)}`,
      ],
      schema: JUDGE_SCHEMA,
      maxTokens: 60 + 90 * FACTS_MAX,
    },
    signal,
  );
  return parseVerdict(answer);
}

/** The model's answer as a verdict; facts that do not parse (or carry an impossible date) are dropped alone. */
export function parseVerdict(answer: unknown): TVerdict | null {
  const parsed = ZVerdict.safeParse(answer);
  if (!parsed.success) return null;
  if (!parsed.data.remember) return { remember: false };
  const raw = (answer as { facts?: unknown }).facts;
  const facts: TJudgedFact[] = [];
  for (const item of Array.isArray(raw) ? raw.slice(0, FACTS_MAX) : []) {
    const f = ZFact.safeParse(item);
    if (!f.success) continue;
    const dated = DATED_KINDS.includes(f.data.kind);
    facts.push({
      fact: f.data.fact,
      kind: f.data.kind,
      importance: f.data.importance,
      happensOn: dated ? toDay(f.data.date ?? null) : null,
    });
  }
  return { remember: true, importance: parsed.data.importance, facts };
}

/** A YYYY-MM-DD that is a real day, or null. */
export function toDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : null;
}

type TZoneFormats = { zone: string; text: Intl.DateTimeFormat; iso: Intl.DateTimeFormat };

/** Formatters by time zone: making one costs far more than formatting with it (each judged exchange). */
const zoneFormats = new Map<string, TZoneFormats>();
const ZONE_FORMATS_MAX = 1000;

function formatsFor(timeZone: string): TZoneFormats {
  const known = zoneFormats.get(timeZone);
  if (known) return known;
  let zone = timeZone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  const formats = {
    zone,
    text: new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    iso: new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
  };
  if (zoneFormats.size < ZONE_FORMATS_MAX) zoneFormats.set(timeZone, formats);
  return formats;
}

/** The day and time a moment is in a time zone: 'Thursday 26 November 2026, 23:30' and '2026-11-26'. */
export function localDay(at: Date, timeZone: string | null): { text: string; iso: string; timeZone: string } {
  const formats = formatsFor(timeZone ?? 'UTC');
  const parts = Object.fromEntries(formats.text.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    text: `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`,
    iso: formats.iso.format(at),
    timeZone: formats.zone,
  };
}

/** The judge's 1..5 as the stored 0..1. */
export const toImportance = (score: number) => Math.min(1, Math.max(0, (score - 1) / 4));
