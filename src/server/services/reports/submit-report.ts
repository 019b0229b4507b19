// 'Report' on a reply (in one's own chat) or on a character one did not make.
import type { TNewReport } from '../../../shared/reports.ts';
import type { TDb } from '../../db/client.ts';
import { findOwnReply, findReportableCharacter, insertReport } from '../../db/queries/reports.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export async function submitReport(db: TDb, reporterId: number, input: TNewReport): Promise<{ id: number }> {
  if (input.kind === 'message') {
    const reply = await findOwnReply(db, reporterId, input.chatLogUuid, input.position);
    if (!reply) throw notFound('Reply');
    return insertReport(db, {
      reporterId,
      kind: 'message',
      characterId: reply.characterId,
      chatLogUuid: input.chatLogUuid,
      position: input.position,
      messageText: reply.content,
      reason: input.reason,
      note: input.note,
    });
  }
  const character = await findReportableCharacter(db, reporterId, input.characterId);
  if (!character) throw notFound('Character');
  if (character.userId === reporterId) {
    throw new AppError('bad_request', 'You made this character: edit or delete it instead');
  }
  return insertReport(db, {
    reporterId,
    kind: 'character',
    characterId: character.id,
    reason: input.reason,
    note: input.note,
  });
}
