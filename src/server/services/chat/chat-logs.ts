// Chat logs as the spec's calls see them: read a page, list with previews, save a conversation, mark read.
import {
  HISTORY_PREVIEW_CHARS,
  type TChatLog,
  type TChatLogSummary,
  type TChatMessage,
  type TChatSource,
  type TMessageInput,
  type TRecentChat,
} from '../../../shared/chat.ts';
import type { TDb } from '../../db/client.ts';
import { listRecentChats, renameChatLog } from '../../db/queries/chat-edits.ts';
import {
  countChatLogs,
  createChatLog,
  findChatCharacter,
  findChatLog,
  listChatLogs,
  markChatLogRead,
  messagesPage,
  replaceConversation,
  type TChatLogListRow,
} from '../../db/queries/chat-logs.ts';
import { ownClipUrls } from '../../db/queries/voice-clips.ts';
import type { TChatLogRow, TChatMessageRow } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { withGroupFaces } from '../groups/group-faces.ts';
import { messageControls, messageLore } from './message-controls.ts';

/** The History drawer and notifications show at most this many chats per character. */
export const CHAT_LOG_LIST_MAX = 200;

const toMessage = (m: TChatMessageRow): TChatMessage => ({
  position: m.position,
  role: m.role,
  content: m.content,
  audioUrl: m.audioUrl,
  internalThoughts: m.internalThoughts,
  createdAt: m.createdAt.toISOString(),
  ...messageControls(m),
  ...messageLore(m),
  ...(m.memoryIds && m.memoryIds.length > 0 ? { memoryIds: m.memoryIds } : {}),
  ...(m.speakerId !== null ? { speakerId: m.speakerId } : {}),
  isCutOff: m.isCutOff,
});

const toSummary = (row: TChatLogListRow): TChatLogSummary => ({
  uuid: row.uuid,
  userId: row.userId,
  characterId: row.characterId,
  source: row.source,
  read: row.read,
  createdAt: new Date(row.createdAt).toISOString(),
  updatedAt: new Date(row.updatedAt).toISOString(),
  messageCount: row.messageCount,
  title: row.title,
  preview: row.preview,
});

/**
 * The messages to store. The server sets a message's audio; one the browser sends back is kept only when
 * it is speech made for this person (a file named by anyone else's URL is never theirs to point at).
 */
async function toNewMessages(db: TDb, userId: number, conversation: TMessageInput[]) {
  const sent = conversation.flatMap((m) => (m.role === 'assistant' && m.audioUrl ? [m.audioUrl] : []));
  const own = await ownClipUrls(db, userId, [...new Set(sent)]);
  return conversation.map((m) => ({
    role: m.role,
    content: m.content,
    internalThoughts: m.role === 'assistant' ? (m.internalThoughts ?? null) : null,
    audioUrl: m.role === 'assistant' && m.audioUrl && own.has(m.audioUrl) ? m.audioUrl : null,
  }));
}

/** A chat log with its last page of messages (or the page before `before`). Another person's is 404. */
export async function readChatLog(
  db: TDb,
  opts: { userId: number; uuid: string; limit: number; before?: number },
): Promise<TChatLog> {
  const log = await findChatLog(db, opts.userId, opts.uuid);
  if (!log) throw notFound('Chat log');
  const page = await messagesPage(db, { ...opts, limit: opts.limit });
  return {
    ...logFields(log),
    conversation: page.map(toMessage),
    hasEarlier: (page[0]?.position ?? 0) > 0,
  };
}

function logFields(log: TChatLogRow) {
  return {
    uuid: log.uuid,
    characterId: log.characterId,
    source: log.source,
    read: log.read,
    createdAt: log.createdAt.toISOString(),
    updatedAt: log.updatedAt.toISOString(),
    messageCount: log.messageCount,
    title: log.title,
    ...(log.isGroup ? { isGroup: true } : {}),
  };
}

export async function listChatLogsWithPreviews(
  db: TDb,
  opts: { userId: number; characterId: number },
): Promise<TChatLogSummary[]> {
  const rows = await listChatLogs(db, {
    ...opts,
    previewChars: HISTORY_PREVIEW_CHARS,
    limit: CHAT_LOG_LIST_MAX,
  });
  return withGroupFaces(db, opts.userId, rows.map(toSummary));
}

export async function saveNewChatLog(
  db: TDb,
  opts: { userId: number; characterId: number; source: TChatSource; conversation: TMessageInput[] },
) {
  const character = await findChatCharacter(db, opts.userId, opts.characterId);
  if (!character) throw notFound('Character');
  const messages = await toNewMessages(db, opts.userId, opts.conversation);
  const log = await createChatLog(db, { ...opts, messages });
  return logFields(log);
}

/**
 * Replaces the stored messages (the spec's save), marks the log read (a check-in notification) or
 * names the chat (History's rename; an empty name gives it back its first words).
 */
export async function updateChatLog(
  db: TDb,
  opts: {
    userId: number;
    uuid: string;
    change: { conversation: TMessageInput[] } | { read: true } | { title: string };
  },
) {
  const { change } = opts;
  const log =
    'conversation' in change
      ? await replaceConversation(db, {
          userId: opts.userId,
          uuid: opts.uuid,
          messages: await toNewMessages(db, opts.userId, change.conversation),
        })
      : 'title' in change
        ? await renameChatLog(db, { userId: opts.userId, uuid: opts.uuid, title: change.title || null })
        : await markChatLogRead(db, opts.userId, opts.uuid);
  if (!log) throw notFound('Chat log');
  return logFields(log);
}

export async function totalChats(db: TDb, userId: number) {
  return { totalChats: await countChatLogs(db, userId) };
}

/** The sidebar's 'Recent chats': the latest text chats across characters, named or previewed. */
export async function recentChats(db: TDb, opts: { userId: number; limit: number }): Promise<TRecentChat[]> {
  const rows = await listRecentChats(db, { ...opts, previewChars: HISTORY_PREVIEW_CHARS });
  return withGroupFaces(
    db,
    opts.userId,
    rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })),
  );
}
