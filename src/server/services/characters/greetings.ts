// A character's greetings (its first message, then a card's alternate greetings), filled in for the person.
import type { TGreetings } from '../../../shared/controls.ts';
import { DEFAULT_USER_NAME, fillPlaceholders } from '../../ai/prompt.ts';
import { toKindredText } from '../../character-cards/persona-text.ts';
import type { TDb } from '../../db/client.ts';
import { findVisibleCharacter } from '../../db/queries/characters.ts';
import { notFound } from '../../lib/errors.ts';

export async function characterGreetings(
  db: TDb,
  opts: { user: { id: number; name: string | null; username: string }; characterId: number },
): Promise<TGreetings> {
  const row = await findVisibleCharacter(db, opts.user.id, opts.characterId);
  if (!row) throw notFound('Character');
  const userName = opts.user.name?.trim() || opts.user.username || DEFAULT_USER_NAME;
  const alternates = (row.card as { alternate_greetings?: unknown } | null)?.alternate_greetings;
  const texts = [
    row.greeting ?? '',
    ...(Array.isArray(alternates) ? alternates.filter((g): g is string => typeof g === 'string') : []).map(
      (g) => toKindredText(g, row.name),
    ),
  ];
  const greetings = texts
    .map((g) => fillPlaceholders(g, { userName, characterName: row.name }).trim())
    .filter((g) => g !== '');
  return { greetings };
}
