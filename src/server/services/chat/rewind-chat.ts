// Rewind: delete a message and everything after it, to take the conversation another way. Memories made
// from the rewound messages stay, unless the person asks to forget them too.
import type { TDb } from '../../db/client.ts';
import { forgetMemoriesFrom } from '../../db/queries/chat-edits.ts';
import { deleteFrom } from '../../db/queries/message-controls.ts';
import { notFound } from '../../lib/errors.ts';
import { latestPage } from './latest-page.ts';

export async function rewindChat(
  db: TDb,
  opts: { userId: number; uuid: string; position: number; forget?: boolean },
) {
  // Read before the messages go: the memories are found by when the rewound message was written.
  const memoriesForgotten = opts.forget ? await forgetMemoriesFrom(db, opts) : 0;
  if (!(await deleteFrom(db, opts))) throw notFound('Message');
  return { ...(await latestPage(db, opts.userId, opts.uuid)), memoriesForgotten };
}
