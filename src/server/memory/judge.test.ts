import { describe, expect, it } from 'vitest';
import { FACT_KINDS } from '../../shared/memories.ts';
import { modelAnswering } from '../../test-support/json-models.ts';
import { FACTS_MAX, JUDGE_SCHEMA, judgeExchange, localDay, parseVerdict, toDay } from './judge.ts';

const exchange = { message: 'My interview at the bakery is on Friday', reply: 'Good luck!' };

describe('judgeExchange', () => {
  it('asks the model for the JSON object and keeps what it says', async () => {
    const { model, calls } = modelAnswering({ remember: true, importance: 5 });
    expect(await judgeExchange(model, exchange)).toEqual({ remember: true, importance: 5, facts: [] });
    expect(calls[0]?.schema).toMatchObject({ required: ['remember', 'importance', 'facts'] });
    expect(calls[0]?.messages.at(-1)?.content).toContain('bakery');
    expect(await judgeExchange(modelAnswering({ remember: false, importance: 1 }).model, exchange)).toEqual({
      remember: false,
    });
  });
  it('never calls the model for a trivial message', async () => {
    const { model, calls } = modelAnswering({ remember: true, importance: 5 });
    expect(await judgeExchange(model, { message: 'lol thanks', reply: 'Any time.' })).toEqual({
      remember: false,
    });
    expect(calls).toHaveLength(0);
  });
  it('an unusable answer (wrong shape, text, error, no JSON mode) gives null: nothing is stored', async () => {
    for (const answer of [{ remember: 'yes' }, 'not json', { importance: 3 }, null, new Error('boom')]) {
      expect(await judgeExchange(modelAnswering(answer).model, exchange)).toBeNull();
    }
    const { model } = modelAnswering({});
    const { completeJson: _drop, ...withoutJson } = model;
    expect(await judgeExchange(withoutJson, exchange)).toBeNull();
  });
});

describe('facts with dates', () => {
  const interview = {
    fact: 'Sam has a job interview at the bakery on Friday 27 November 2026',
    kind: 'event',
    importance: 5,
    date: '2026-11-27',
  };
  it("tells the model the message's day and time in the person's time zone, and the person's name", async () => {
    const { model, calls } = modelAnswering({ remember: true, importance: 5, facts: [interview] });
    // 23:30 UTC on Thursday 26 November is already Friday morning in Tokyo: "tomorrow" is Saturday there.
    await judgeExchange(model, {
      ...exchange,
      userName: 'Sam',
      sentAt: new Date('2026-11-26T23:30:00Z'),
      timeZone: 'Asia/Tokyo',
    });
    const asked = calls[0]?.messages.at(-1)?.content ?? '';
    expect(asked).toContain('Sent: Friday 27 November 2026, 08:30 (2026-11-27) in Asia/Tokyo.');
    expect(asked).toContain('Person (Sam): My interview');
    await judgeExchange(model, {
      ...exchange,
      sentAt: new Date('2026-11-26T23:30:00Z'),
      timeZone: 'Not/AZone',
    });
    expect(calls[1]?.messages.at(-1)?.content).toContain(
      'Sent: Thursday 26 November 2026, 23:30 (2026-11-26) in UTC.',
    );
  });
  it('keeps each fact with its kind, importance and, for events and plans, the day it happens', async () => {
    const { model } = modelAnswering({
      remember: true,
      importance: 5,
      facts: [
        interview,
        { fact: 'Sam is nervous about the interview', kind: 'feeling', importance: 3, date: '2026-11-27' },
        { fact: 'Sam plans to celebrate with Maya', kind: 'plan', importance: 3, date: '2026-02-30' },
      ],
    });
    expect(await judgeExchange(model, exchange)).toEqual({
      remember: true,
      importance: 5,
      facts: [
        { fact: interview.fact, kind: 'event', importance: 5, happensOn: '2026-11-27' },
        // A feeling has no day; an impossible day is no day.
        { fact: 'Sam is nervous about the interview', kind: 'feeling', importance: 3, happensOn: null },
        { fact: 'Sam plans to celebrate with Maya', kind: 'plan', importance: 3, happensOn: null },
      ],
    });
  });
  it('drops a malformed fact alone; with none usable the words are kept as before facts', async () => {
    const bad = [
      { fact: '', kind: 'event', importance: 3, date: null },
      { fact: 'Sam likes tea', kind: 'hobby', importance: 3, date: null },
      { fact: 'Sam likes tea', kind: 'preference', importance: 9, date: null },
      'Sam likes tea',
    ];
    expect(parseVerdict({ remember: true, importance: 3, facts: [...bad, interview] })).toMatchObject({
      facts: [{ fact: interview.fact }],
    });
    expect(parseVerdict({ remember: true, importance: 3, facts: bad })).toEqual({
      remember: true,
      importance: 3,
      facts: [],
    });
    expect(parseVerdict({ remember: true, importance: 3, facts: 'none' })).toEqual({
      remember: true,
      importance: 3,
      facts: [],
    });
  });
  it('toDay accepts real days only', () => {
    expect(toDay('2028-02-29')).toBe('2028-02-29');
    expect(toDay('2026-02-29')).toBeNull();
    expect(toDay('next friday')).toBeNull();
    expect(toDay(null)).toBeNull();
  });
  it('localDay writes the day where the person is', () => {
    expect(localDay(new Date('2026-11-27T04:00:00Z'), 'America/Los_Angeles')).toEqual({
      text: 'Thursday 26 November 2026, 20:00',
      iso: '2026-11-26',
      timeZone: 'America/Los_Angeles',
    });
    // The zone's formatters are kept: the same zone again, another moment.
    expect(localDay(new Date('2026-11-28T12:30:00Z'), 'America/Los_Angeles').text).toBe(
      'Saturday 28 November 2026, 04:30',
    );
  });

  it('localDay reads a time zone it does not know as UTC', () => {
    expect(localDay(new Date('2026-11-27T04:00:00Z'), 'Mars/Olympus_Mons')).toEqual({
      text: 'Friday 27 November 2026, 04:00',
      iso: '2026-11-27',
      timeZone: 'UTC',
    });
  });
});

describe('JUDGE_SCHEMA', () => {
  it('asks for the verdict and its facts, each with a kind of the nine, an importance 1-5 and a day or null', () => {
    expect(JUDGE_SCHEMA).toMatchObject({
      required: ['remember', 'importance', 'facts'],
      additionalProperties: false,
      properties: {
        remember: { type: 'boolean' },
        importance: { type: 'integer', minimum: 1, maximum: 5 },
        facts: {
          type: 'array',
          maxItems: FACTS_MAX,
          items: {
            required: ['fact', 'kind', 'importance', 'date'],
            properties: {
              kind: { enum: [...FACT_KINDS] },
              date: { type: ['string', 'null'] },
            },
          },
        },
      },
    });
  });
});
