// The parts of "Download my data": one entry per table of the person's data. A new table adds one line here.

import type { TDb } from '../../db/client.ts';
import {
  exportCharacters,
  exportChats,
  exportDailyUsage,
  exportMemories,
  exportMessages,
  exportProfile,
  exportSubscriptions,
  exportSupportMessages,
} from '../../db/queries/account.ts';
import { exportFactHistory } from '../../db/queries/memory-facts.ts';
import { listUploadsOfUser } from '../../db/queries/uploads.ts';
import { exportAudio } from '../../db/queries/voice-clips.ts';

export type TExportPart = {
  /** The key of this part in the file. */
  name: string;
  rows(db: TDb, userId: number): Promise<unknown[]>;
};

export const EXPORT_PARTS: TExportPart[] = [
  { name: 'profile', rows: exportProfile },
  { name: 'chats', rows: exportChats },
  { name: 'messages', rows: exportMessages },
  { name: 'characters', rows: exportCharacters },
  // Each memory with its fact, kind, day and source (chat_log_uuid, source_position); then what facts said
  // before each update, with their sources and since when.
  { name: 'memories', rows: exportMemories },
  { name: 'memoryFactHistory', rows: exportFactHistory },
  { name: 'dailyUsage', rows: exportDailyUsage },
  { name: 'uploads', rows: listUploadsOfUser },
  // Speech made or found for the person: spoken replies, their sentences, speech on demand, samples.
  { name: 'audio', rows: exportAudio },
  { name: 'subscriptions', rows: exportSubscriptions },
  { name: 'supportMessages', rows: exportSupportMessages },
];
