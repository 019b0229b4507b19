// Fuzzed routes: people, characters and cards, chats and replies, uploads.
import fc from 'fast-check';
import {
  anyValue,
  field,
  param,
  query,
  shaped,
  type TFuzzRoute,
  upload,
  withBody,
  withParams,
  withQuery,
} from './arbitraries.ts';
import type { TFuzzTargets } from './targets.ts';

export function coreRoutes(t: TFuzzTargets): TFuzzRoute[] {
  const ids = [t.me.id, String(t.me.id), t.other.id];
  const message = shaped({
    role: field('user', 'assistant'),
    content: field('hello'),
    audioUrl: field(null, t.myUpload, '/media/audio/x.mp3'),
    internalThoughts: field(null),
  });
  const conversation = fc.oneof(fc.array(message, { maxLength: 4 }), anyValue);
  const character = {
    name: field('Nova'),
    tagline: field('A star'),
    description: field('Kind.'),
    avatarUrl: field('/cast/avatars/rook.svg', t.myUpload, '/media/avatars/x.webp'),
    voiceId: field(null, 'en-1', 'slt'),
    voiceDescription: field(null, 'warm'),
    greeting: field('Hello {{userName}}'),
    isAdult: field(false, true),
  };
  const reply = shaped({
    userId: field(...ids),
    characterId: field(1, 2, t.myCharacter, 999999),
    userInput: field('Hello there'),
    hist: field(null, t.myChat),
    retry: field(false, true),
    memoryEnabled: field(true),
    chainOfThoughtEnabled: field(false),
    isPlayingAudio: field(false),
    userName: field('Ada'),
    characterName: field('Seraphine'),
    message: field(''),
    systemPrompt: field(''),
    voiceId: field(null),
  });
  return [
    withParams('PUT', '/api/users/update-name/:userId', [param(...ids)], shaped({ name: field('Ada') })),
    withParams(
      'PUT',
      '/api/users/:userId',
      [param(t.me.id)],
      shaped({ name: field('Ada'), image: field('', '/logo.svg', t.myUpload, 'https://example.com/a.png') }),
    ),
    withQuery('GET', '/api/users/email', { email: field('x@example.com', t.other.email) }),
    withBody('POST', '/api/character-personas', shaped({ ...character, userId: field(...ids) })),
    withQuery('GET', '/api/character-personas', {
      q: field('ser'),
      after: field('0', '5'),
      limit: field('10', '500'),
    }),
    withQuery('GET', '/api/character-personas/featured', undefined, 10),
    withParams(
      'GET',
      '/api/character-personas/user/:userId',
      [param(...ids)],
      undefined,
      query({ after: field('0'), limit: field('10') }),
    ),
    withParams('GET', '/api/character-personas/:characterId', [param(1, t.myCharacter)]),
    withParams('PUT', '/api/character-personas/:characterId', [param(t.myCharacter, 1)], shaped(character)),
    withParams('GET', '/api/character-personas/:characterId/greetings', [param(1, t.myCharacter)]),
    withParams(
      'GET',
      '/api/character-cards/:characterId',
      [param(1, t.myCharacter)],
      undefined,
      query({ format: field('png', 'json'), version: field('v2', 'v3') }),
    ),
    withBody(
      'POST',
      '/api/chatlogs',
      shaped({
        userId: field(...ids),
        characterId: field(1, 2, 999999),
        conversation,
        source: field('text', 'memory-check-in'),
      }),
    ),
    withParams(
      'PUT',
      '/api/chatlogs/:uuid',
      [param(t.myChat)],
      fc.oneof(shaped({ conversation }), shaped({ read: field(true) }), shaped({ title: field('Trip', '') })),
    ),
    withParams(
      'GET',
      '/api/chatlogs/:uuid',
      [param(t.myChat)],
      undefined,
      query({ limit: field('5'), before: field('1') }),
    ),
    withQuery('GET', '/api/chatlogs/filtered', { userId: field(...ids), characterId: field('1') }),
    withQuery('GET', '/api/chatlogs/user/total', { userId: field(...ids) }),
    withQuery('GET', '/api/chatlogs/recent', { limit: field('6', '0', '100') }),
    withBody('POST', '/assistant-reply-openai', reply),
    withBody('POST', '/assistant-reply-original', reply),
    withQuery('GET', '/assistant-usage', undefined, 10),
    withQuery('GET', '/ollama-health', undefined, 10),
    upload('/upload/avatar', 'avatar'),
    upload('/upload/character-card', 'card'),
    upload('/upload/lorebook', 'file'),
    upload('/upload/transcribe', 'audio'),
  ];
}
