// A new chat opens with the character's greeting: stored as its first message (the card's alternate
// greetings as its alternatives), given to the model like any reply, counting against no limit.
import type { TDb } from '../../db/client.ts';
import { createChatLogWithGreeting } from '../../db/queries/message-controls.ts';
import { AppError } from '../../lib/errors.ts';
import { characterGreetings } from '../characters/greetings.ts';
import { latestPage } from './latest-page.ts';

export async function startWithGreeting(
  db: TDb,
  opts: {
    user: { id: number; name: string | null; username: string };
    characterId: number;
    greetingIndex: number;
  },
) {
  const { greetings } = await characterGreetings(db, opts);
  if (greetings.length === 0) throw new AppError('conflict', 'This character has no greeting');
  if (opts.greetingIndex >= greetings.length) {
    throw new AppError('bad_request', `This character has ${greetings.length} greetings`);
  }
  const uuid = await createChatLogWithGreeting(db, {
    userId: opts.user.id,
    characterId: opts.characterId,
    greetings,
    chosen: opts.greetingIndex,
  });
  return latestPage(db, opts.user.id, uuid);
}
