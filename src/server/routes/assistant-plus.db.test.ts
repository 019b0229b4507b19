import { describe, expect, it } from 'vitest';
import { setUpReplyTestApp } from '../../test-support/set-up.ts';
import { call, createSignedInUser } from '../../test-support/test-app.ts';

// The plan reaches the model choice: with PLUS_OPENAI_MODEL set, Plus replies come from that model.
const t = setUpReplyTestApp({ OPENAI_MODEL: 'gpt-free', PLUS_OPENAI_MODEL: 'gpt-plus' });

describe('PLUS_OPENAI_MODEL', () => {
  it('answers Plus with the Plus model and free with the default one', async () => {
    const free = await createSignedInUser(t.database);
    const plus = await createSignedInUser(t.database, { isSubscribed: true });
    for (const [user, model] of [
      [free, 'gpt-free'],
      [plus, 'gpt-plus'],
    ] as const) {
      const res = await call(t, 'POST', '/assistant-reply-openai', {
        user,
        json: { userId: user.id, characterId: 1, userInput: `Hello from ${model}` },
      });
      expect(res.status).toBe(200);
      const request = t.fake.requests.find((r) => r.messages.at(-1)?.content.includes(`Hello from ${model}`));
      expect(request?.model).toBe(model);
    }
  });
});
