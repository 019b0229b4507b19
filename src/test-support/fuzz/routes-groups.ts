// Fuzzed routes: group chats (start, read, reply order, members, the person's message, a character's turn).
import { field, param, shaped, type TFuzzRoute, withBody, withParams } from './arbitraries.ts';
import type { TFuzzTargets } from './targets.ts';

export function groupRoutes(t: TFuzzTargets): TFuzzRoute[] {
  const group = param(t.myGroup);
  const member = param(3, 1, t.myCharacter, 999999);
  return [
    withBody(
      'POST',
      '/api/groups',
      shaped({
        characterIds: field(
          [1, 3],
          [1, t.myCharacter],
          [1],
          [1, 1],
          [1, 2, 3, 4, 5, 6, 7, 8, 9],
          [1, 999999],
        ),
        replyOrder: field('natural', 'manual', 'loudest'),
      }),
    ),
    withParams('GET', '/api/groups/:uuid', [group]),
    withParams('PATCH', '/api/groups/:uuid', [group], shaped({ replyOrder: field('list', 'pooled', 'x') })),
    withParams(
      'POST',
      '/api/groups/:uuid/members',
      [group],
      shaped({ characterId: field(5, t.myCharacter, 999999) }),
    ),
    withParams(
      'PATCH',
      '/api/groups/:uuid/members/:characterId',
      [group, member],
      shaped({ isMuted: field(true, false), talkativeness: field(0, 100, 101) }),
    ),
    withParams(
      'POST',
      '/api/groups/:uuid/messages',
      [group],
      shaped({
        userInput: field('Rook, hello', ' '),
        memoryEnabled: field(false),
        kind: field('remote', 'x'),
      }),
    ),
    withParams(
      'POST',
      '/api/groups/:uuid/turn',
      [group],
      shaped({ characterId: field(3, 1, 999999), memoryEnabled: field(false), kind: field('remote') }),
    ),
    withParams('DELETE', '/api/groups/:uuid/members/:characterId', [group, member]),
  ];
}
