// /api/settings: the spec's defaults for a person who never chose; once chosen, kept per person.
import { describe, expect, it } from 'vitest';
import { setUpPerson, setUpTestApp } from '../../test-support/set-up.ts';
import { call, type TTestUser } from '../../test-support/test-app.ts';

const t = setUpTestApp();
const me = setUpPerson(t);
const other = setUpPerson(t);

const read = async (user: TTestUser) => (await call(t, 'GET', '/api/settings', { user })).json();

describe('/api/settings', () => {
  it('answers the spec defaults (memory on, voice playback on, internal monologue off) to a new person', async () => {
    expect(await read(me)).toEqual({ voicePlayback: true, internalMonologue: false, characterMemory: true });
  });

  it('keeps each choice per person; unnamed switches keep theirs', async () => {
    const res = await call(t, 'PUT', '/api/settings', { user: me, json: { voicePlayback: false } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      voicePlayback: false,
      internalMonologue: false,
      characterMemory: true,
    });
    await call(t, 'PUT', '/api/settings', {
      user: me,
      json: { internalMonologue: true, characterMemory: false },
    });
    expect(await read(me)).toEqual({ voicePlayback: false, internalMonologue: true, characterMemory: false });
    expect(await read(other)).toEqual({
      voicePlayback: true,
      internalMonologue: false,
      characterMemory: true,
    });
  });

  it('refuses signed out, empty, unknown and non-boolean changes', async () => {
    expect((await call(t, 'GET', '/api/settings')).status).toBe(401);
    const cases: [TTestUser | undefined, unknown, number][] = [
      [undefined, { voicePlayback: true }, 401],
      [other, {}, 400],
      [other, { voicePlayback: 'yes' }, 400],
      [other, { theme: 'dark' }, 400],
      [other, '[1,', 400],
    ];
    for (const [user, json, status] of cases) {
      const res = await call(t, 'PUT', '/api/settings', { user, json });
      expect(res.status).toBe(status);
      expect(((await res.json()) as { message: string }).message).toEqual(expect.any(String));
    }
    expect(await read(other)).toEqual({
      voicePlayback: true,
      internalMonologue: false,
      characterMemory: true,
    });
  });
});
