// What every control call answers: the chat's latest page of messages after the change.
import { CHAT_PAGE_DEFAULT, type TChatLog } from '../../../shared/chat.ts';
import type { TDb } from '../../db/client.ts';
import { readChatLog } from './chat-logs.ts';

export const latestPage = (db: TDb, userId: number, uuid: string): Promise<TChatLog> =>
  readChatLog(db, { userId, uuid, limit: CHAT_PAGE_DEFAULT });
