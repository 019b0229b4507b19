// The owner acts on a report: hide the character, delete the reply, suspend an account involved, or dismiss.
import type { TReportAction } from '../../../shared/reports.ts';
import type { TDb } from '../../db/client.ts';
import {
  closeReport,
  findReport,
  hideCharacter,
  removeMessage,
  suspendUser,
} from '../../db/queries/reports.ts';
import { AppError, notFound } from '../../lib/errors.ts';

export async function moderateReport(
  db: TDb,
  opts: { reportId: number; ownerId: number; input: TReportAction },
): Promise<{ action: string }> {
  const found = await findReport(db, opts.reportId);
  if (!found) throw notFound('Report');
  const { report, makerId } = found;
  const { input } = opts;
  switch (input.action) {
    case 'hide_character':
      if (report.characterId === null) throw new AppError('conflict', 'The character is gone already');
      await hideCharacter(db, report.characterId);
      break;
    case 'delete_message':
      if (report.kind !== 'message' || !report.chatLogUuid || report.position === null) {
        throw new AppError('bad_request', 'This report is not about a message');
      }
      if (!(await removeMessage(db, report.chatLogUuid, report.position))) {
        throw new AppError('conflict', 'The message is gone already');
      }
      break;
    case 'suspend_account': {
      // Only someone the report involves: who reported it, or who made the character.
      const involved = [report.reporterId, makerId].filter((id): id is number => id !== null);
      if (!involved.includes(input.userId)) {
        throw new AppError('bad_request', 'That account has nothing to do with this report');
      }
      if (input.userId === opts.ownerId) throw new AppError('bad_request', 'You cannot suspend yourself');
      await suspendUser(db, input.userId, input.reason);
      break;
    }
    case 'dismiss':
      break;
  }
  await closeReport(db, report.id, input.action);
  return { action: input.action };
}
