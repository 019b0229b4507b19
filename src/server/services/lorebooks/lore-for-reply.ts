// The lorebook part of a reply: the books that apply, the chat scanned to their depth, the entries placed.
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import type { TDb } from '../../db/client.ts';
import { recentNonEmptyMessages } from '../../db/queries/chat-logs.ts';
import { lorebooksForReply } from '../../db/queries/chat-lorebooks.ts';
import { NO_LORE, placeLore, type TPlacedLore } from '../../lorebooks/place.ts';
import { scanLorebooks, type TScanBook } from '../../lorebooks/scan.ts';
import { toScanBook } from './to-lorebook.ts';

export type TReplyLoreResult = { lore: TPlacedLore; used: TReplyLore[] };

export const NO_REPLY_LORE: TReplyLoreResult = { lore: NO_LORE, used: [] };

export async function loreForReply(
  db: TDb,
  opts: {
    userId: number;
    characterId: number;
    chatUuid: string | null;
    /** The context the reply is given, oldest first, ending with the message being answered. */
    history: { content: string }[];
    random?: () => number;
    /** Whether any book may apply (read with the chat target): false reads none. */
    hasLore?: boolean;
    /** The history holds every non-empty message of the chat: no deeper read can find more. */
    isWholeChat?: boolean;
    /** The books that apply, already read (with the send): not read again. */
    books?: TScanBook[];
  },
): Promise<TReplyLoreResult> {
  if (opts.hasLore === false) return NO_REPLY_LORE;
  const books =
    opts.books ?? (await lorebooksForReply(db, opts)).map(({ book, entries }) => toScanBook(book, entries));
  if (books.length === 0) return NO_REPLY_LORE;
  let messages = opts.history.map((message) => message.content);
  // A book may scan deeper than the context the model gets: read the rest of that depth.
  const depth = Math.max(...books.map((book) => book.settings.scanDepth));
  if (depth > messages.length && opts.chatUuid && !opts.isWholeChat) {
    const deeper = await recentNonEmptyMessages(db, {
      userId: opts.userId,
      uuid: opts.chatUuid,
      limit: depth,
    });
    if (deeper.length > messages.length) messages = deeper.map((message) => message.content);
  }
  const scan = scanLorebooks({ books, messages, random: opts.random });
  const keysOf = new Map(books.flatMap((book) => book.entries.map((entry) => [entry.id, entry.keys])));
  return {
    lore: placeLore(scan.entries),
    used: scan.entries.map((entry) => ({
      bookId: Number(entry.bookId),
      bookName: entry.bookName,
      entryId: Number(entry.entryId),
      comment: entry.comment,
      keys: keysOf.get(entry.entryId) ?? [],
    })),
  };
}
