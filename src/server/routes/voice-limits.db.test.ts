import { describe, expect, it } from 'vitest';
import { setUpFliteEngine, setUpTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser, type TTestUser } from '../../test-support/test-app.ts';

// Issue 19, finding 3: voice generation had no rate limit (40 of 40 quick requests answered).
const SERAPHINE = 1;
const t = setUpTestApp(
  { TRUST_PROXY: 'true', VOICE_LIMIT_PER_PERSON: '3', VOICE_LIMIT_PER_ADDRESS: '5' },
  { voice: setUpFliteEngine() },
);

const sample = (user: TTestUser | undefined, address: string, text = 'Hello there.') =>
  call(t, 'POST', '/api/voice/create', {
    user,
    json: { text, voice_description: 'warm' },
    headers: { 'x-forwarded-for': address },
  });
const speak = (user: TTestUser, address: string, text = 'Well met.') =>
  call(t, 'POST', '/api/voice/speak', {
    user,
    json: { characterId: SERAPHINE, text },
    headers: { 'x-forwarded-for': address },
  });

describe('voice generation is rate limited per person and per address (VOICE_LIMIT_...)', () => {
  it("a person's samples and speech on demand share one limit: over it, 429 with Retry-After", async () => {
    const me = await createSignedInUser(t.database);
    const address = '198.51.100.1';
    expect((await sample(me, address, 'One.')).status).toBe(200);
    expect((await speak(me, address, 'Two.')).status).toBe(200);
    expect((await sample(me, address, 'Three.')).status).toBe(200);
    for (const refused of [await sample(me, address, 'Four.'), await speak(me, address, 'Five.')]) {
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await refused.json()).toMatchObject({
        code: 'too_many_requests',
        message: expect.stringContaining('Too many voice requests'),
      });
    }
    // Another person is not held up by mine (another address too, so only the person's count is shown).
    const other = await createSignedInUser(t.database);
    expect((await sample(other, '198.51.100.2', 'Mine now.')).status).toBe(200);
  });

  it('many people from one address share its limit; another address is not affected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const person = await createSignedInUser(t.database);
      statuses.push((await sample(person, '203.0.113.77', `Person ${i} speaks.`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const elsewhere = await createSignedInUser(t.database);
    expect((await sample(elsewhere, '203.0.113.78', 'From elsewhere.')).status).toBe(200);
  });

  it('the signed-out get 401 and are not counted against anyone', async () => {
    for (let i = 0; i < 6; i++) expect((await sample(undefined, '192.0.2.9')).status).toBe(401);
    const person = await createSignedInUser(t.database);
    expect((await sample(person, '192.0.2.9', 'Still fine.')).status).toBe(200);
  });
});
