// Fuzzed routes: conversation controls, lorebooks, memories, the person's settings, support, billing,
// voice, models, /admin and health; then the routes that delete (last, so the others keep their targets).
import fc from 'fast-check';
import {
  anyValue,
  field,
  param,
  query,
  shaped,
  type TFuzzRequest,
  type TFuzzRoute,
  withBody,
  withParams,
  withQuery,
} from './arbitraries.ts';
import type { TFuzzTargets } from './targets.ts';

export function moreRoutes(t: TFuzzTargets): TFuzzRoute[] {
  const ids = [t.me.id, String(t.me.id), t.other.id];
  const chat = param(t.myChat);
  const position = param(1, 0, 7);
  const again = shaped({
    kind: field('remote', 'local'),
    memoryEnabled: field(true, false),
    chainOfThoughtEnabled: field(false),
    isPlayingAudio: field(false),
  });
  const book = {
    name: field('Atlas'),
    description: field('Places'),
    alwaysOn: field(false, true),
    settings: field({}, { scanDepth: 2 }, { tokenBudget: 99999999 }, { recursiveScanning: true }),
  };
  const entry = shaped({
    keys: field(['castle'], ['/ca(s+)tle/i'], ['/(a+)+$/']),
    secondaryKeys: field([], ['moat']),
    selectiveLogic: field('and_any', 'not_all'),
    content: field('The castle stands.'),
    enabled: field(true),
    constant: field(false),
    insertionOrder: field(100, -100001),
    position: field('before_char', 'at_depth'),
    depth: field(4, 999),
    caseSensitive: field(false),
    matchWholeWords: field(true),
    probability: field(100, 101),
  });
  return [
    withParams('POST', '/api/chatlogs/:uuid/messages/:position/regenerate', [chat, position], again),
    withParams('POST', '/api/chatlogs/:uuid/messages/:position/continue', [chat, position], again),
    withParams(
      'PUT',
      '/api/chatlogs/:uuid/messages/:position/choice',
      [chat, position],
      shaped({ index: field(0, 1, 99) }),
    ),
    withParams(
      'PUT',
      '/api/chatlogs/:uuid/messages/:position/rating',
      [chat, position],
      shaped({ rating: field('up', 'down', null) }),
    ),
    withParams(
      'PUT',
      '/api/chatlogs/:uuid/messages/:position',
      [chat, position],
      shaped({ content: field('Edited words') }),
    ),
    withBody(
      'POST',
      '/api/chatlogs/greeting',
      shaped({ characterId: field(1, t.myCharacter, 999999), greetingIndex: field(0, 1, 50) }),
    ),
    withQuery('GET', '/api/lorebooks', undefined, 10),
    withBody('POST', '/api/lorebooks', shaped(book)),
    withParams('GET', '/api/lorebooks/:id', [param(t.myBook, 1)]),
    withParams('PATCH', '/api/lorebooks/:id', [param(t.myBook, 1)], shaped(book)),
    withParams('GET', '/api/lorebooks/:id/world-info', [param(t.myBook, 1)]),
    withParams('POST', '/api/lorebooks/:id/entries', [param(t.myBook, 1)], entry),
    withParams('PUT', '/api/lorebooks/:id/entries/:entryId', [param(t.myBook), param(t.myEntry)], entry),
    withParams('GET', '/api/chatlogs/:uuid/lorebooks', [chat]),
    withParams('PUT', '/api/chatlogs/:uuid/lorebooks/:id', [chat, param(t.myBook, 1)]),
    withParams('GET', '/api/character-personas/:characterId/lorebook', [param(t.myCharacter, 1)]),
    withParams(
      'POST',
      '/api/character-personas/:characterId/lorebook',
      [param(t.myCharacter, 1)],
      fc.constant({}),
    ),
    withQuery('GET', '/api/memories/getmemories', { userId: field(...ids), characterId: field('1') }),
    withQuery('GET', '/api/memories/last3', { userId: field(...ids) }),
    withQuery('GET', '/api/memories/total', { userId: field(...ids) }),
    withQuery('GET', '/api/memories/top-topics', { userId: field(...ids) }),
    withQuery('GET', '/api/memories/check-ins', undefined, 10),
    withBody(
      'POST',
      '/api/memories',
      shaped({ characterId: field(1, t.myCharacter), content: field('Likes tea'), reply: field('Noted') }),
    ),
    withBody('PUT', '/api/memories/time-zone', shaped({ timeZone: field('Europe/Paris', 'Mars/Base') })),
    withParams('PUT', '/api/memories/:id/pin', [param(t.myMemory)], shaped({ pinned: field(true, false) })),
    withParams('PATCH', '/api/memories/:id', [param(t.myMemory)], shaped({ text: field('Likes green tea') })),
    withQuery('GET', '/api/memories/reply', { hist: field(t.myChat), position: field('1', '0', '7') }),
    withBody(
      'POST',
      '/assistant-memories-search',
      shaped({ userId: field(...ids), characterId: field(1, null), query: field('tea') }),
    ),
    withQuery('GET', '/api/persona', undefined, 10),
    withBody('PUT', '/api/persona', shaped({ persona: field('I am Ada.') })),
    withQuery('GET', '/api/settings', undefined, 10),
    withBody(
      'PUT',
      '/api/settings',
      shaped({ voicePlayback: field(true), internalMonologue: field(false), characterMemory: field(true) }),
    ),
    withQuery('GET', '/api/push', { endpoint: field('https://push.example/fuzz', 'not a url') }),
    withBody(
      'POST',
      '/api/push/subscriptions',
      shaped({
        endpoint: field('https://push.example/fuzz', 'http://127.0.0.1:9/push'),
        keys: field({
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        }),
      }),
    ),
    withBody('DELETE', '/api/push/subscriptions', shaped({ endpoint: field('https://push.example/fuzz') })),
    withBody('PUT', '/api/push/reply', shaped({ isReplyPushOn: field(true, false) })),
    withBody(
      'PUT',
      '/api/push/visibility',
      shaped({
        tabId: field('7b0c5a52-3f1e-4c1e-9a57-0d6f2b1e0a11', 'not-a-uuid'),
        isVisible: field(true, false),
        seq: field(1, 2, 9_007_199_254_740_991),
      }),
    ),
    withBody('POST', '/api/support', shaped({ message: field('Help me please') })),
    withQuery('GET', '/api/admin/support', { limit: field('10', '0') }),
    withQuery('GET', '/api/admin/me', undefined, 10),
    withQuery('GET', '/api/admin/summary', undefined, 10),
    withBody('POST', '/api/subscribe', shaped({ userId: field(...ids) })),
    withQuery('GET', '/api/billing/plan', { userId: field(...ids) }),
    withBody('POST', '/api/billing/refresh', anyValue),
    withBody('POST', '/api/billing/portal', anyValue),
    withParams('GET', '/api/billing/checkout/:id', [param(t.myCheckout)]),
    withParams('POST', '/api/billing/checkout/:id/cancel', [param(crypto.randomUUID())]),
    withParams('POST', '/api/billing/checkout/:id/pay', [param(t.myCheckout)]),
    withBody('POST', '/api/billing/local-subscription', shaped({ cancel: field(true, false) })),
    {
      name: 'POST /api/billing/webhook',
      requests: fc.tuple(fc.jsonValue(), fc.oneof(fc.constant(undefined), fc.string({ maxLength: 80 }))).map(
        ([b, signature]): TFuzzRequest => ({
          method: 'POST',
          url: '/api/billing/webhook',
          json: b,
          headers:
            signature === undefined ? {} : ({ 'stripe-signature': signature } as Record<string, string>),
        }),
      ),
    },
    withQuery('GET', '/api/voice/voices', { description: field('warm old man') }),
    withBody(
      'POST',
      '/api/voice/create',
      shaped({
        text: field('Hi.'),
        voice_description: field('warm'),
        settings: field({ voice: 'slt', pitch: 1, rate: 1 }, { voice: 'x', pitch: 99, rate: 1 }),
      }),
    ),
    withBody(
      'POST',
      '/api/voice/speak',
      shaped({
        characterId: field(1, t.myCharacter),
        text: field('Well met.'),
        hist: field(null, t.myChat),
        position: field(1, null),
      }),
    ),
    withQuery('GET', '/api/models/status', undefined, 10),
    withQuery('POST', '/api/models/download', { model: field('fast', 'better', 'huge') }, 20),
    withQuery('DELETE', '/api/models/download', undefined, 10),
    withQuery('GET', '/api/models/embedding', undefined, 10),
    withQuery('POST', '/api/models/embedding/download', undefined, 10),
    withQuery('GET', '/api/account/export', undefined, 10),
    withBody(
      'PUT',
      '/api/account/password',
      shaped({
        currentPassword: field('not my password'),
        newPassword: field('a long enough passphrase', 'short'),
      }),
    ),
    // The fuzzing person gave theirs at sign-up: every answer is refused (409), nothing deleted.
    withBody(
      'PUT',
      '/api/account/birth-date',
      shaped({ birthDate: field('1990-01-01', '2020-01-01', '1990-02-30', 'yesterday') }),
    ),
    withBody('POST', '/api/admin/reset-link', shaped({ email: field(t.other.email, 'nobody@example.com') })),
    withQuery('GET', '/api/safety/ai-notice', undefined, 10),
    withBody('POST', '/api/safety/ai-notice', anyValue),
    withQuery('GET', '/api/safety/crisis-lines', undefined, 10),
    withBody('PUT', '/api/safety/country', shaped({ country: field('US', 'GB', null, 'FR', 'usa') })),
    withQuery('GET', '/safety-protocol', undefined, 10),
    withQuery('GET', '/api/admin/safety-counts', undefined, 10),
    withQuery('GET', '/api/admin/safety-counts.csv', undefined, 10),
    withBody(
      'POST',
      '/api/reports',
      shaped({
        kind: field('message', 'character'),
        chatLogUuid: field(t.myChat),
        position: field(1, 0),
        characterId: field(1, t.myCharacter),
        reason: field('harmful', 'other'),
        note: field('', 'Not ok'),
      }),
    ),
    withQuery('GET', '/api/admin/reports', undefined, 10),
    // Never hides a character or suspends anyone here: the other routes keep their targets.
    withParams(
      'POST',
      '/api/admin/reports/:id/action',
      [param(1, 999999)],
      shaped({
        action: field('dismiss', 'delete_message', 'suspend_account'),
        userId: field(999999),
        reason: field('Spam'),
      }),
    ),
    withQuery('GET', '/api/admin/characters', undefined, 10),
    // Never marks a character 18+ here: the fuzzing person's other routes keep their targets.
    withParams(
      'PUT',
      '/api/admin/characters/:id/adult',
      [param(1, 999999)],
      shaped({ isAdult: field(false) }),
    ),
    withQuery('GET', '/healthz', undefined, 10),
    withQuery('GET', '/readyz', undefined, 10),
    // Deleting, last.
    withParams('DELETE', '/api/chatlogs/:uuid/lorebooks/:id', [chat, param(t.myBook, 1)]),
    withParams('DELETE', '/api/lorebooks/:id/entries/:entryId', [param(t.myBook), param(t.myEntry)]),
    withParams('DELETE', '/api/lorebooks/:id', [param(t.myBook, 1)]),
    withParams('DELETE', '/api/memories/:id', [param(t.myMemory)]),
    withParams(
      'DELETE',
      '/api/chatlogs/:uuid/messages/:position',
      [chat, position],
      undefined,
      query({ forget: field('true', 'false') }),
    ),
    withParams('DELETE', '/api/chatlogs/:uuid', [chat], undefined, query({ forget: field('true', 'false') })),
    withParams('DELETE', '/api/character-personas/:characterId', [param(t.myCharacter, 1)]),
    withBody(
      'DELETE',
      '/api/account',
      shaped({
        confirm: field('not-my-username', `${t.me.username}\u0000`),
        leaveWithoutOwner: field(false),
      }),
    ),
  ];
}
