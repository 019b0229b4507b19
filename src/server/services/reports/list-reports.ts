// The owner's /admin/reports: every report with the people involved and the reported reply in context.
import type { TAdminReport, TReportReason } from '../../../shared/reports.ts';
import type { TDb } from '../../db/client.ts';
import { listReports, messagesAround } from '../../db/queries/reports.ts';

const person = (p: { id: number | null; username: string | null; suspendedAt: Date | null } | null) =>
  p?.id ? { id: p.id, username: p.username ?? '', isSuspended: p.suspendedAt !== null } : null;

export async function listReportsForOwner(db: TDb): Promise<TAdminReport[]> {
  const rows = await listReports(db);
  return Promise.all(
    rows.map(async ({ report, reporter, character, maker }) => {
      const context =
        report.chatLogUuid && report.position !== null
          ? (await messagesAround(db, report.chatLogUuid, report.position)).map((m) => ({
              ...m,
              isReported: m.position === report.position,
            }))
          : [];
      return {
        id: report.id,
        kind: report.kind,
        reason: report.reason as TReportReason,
        note: report.note,
        status: report.status,
        action: report.action,
        createdAt: report.createdAt.toISOString(),
        reporter: person(reporter)!,
        character: character?.id
          ? {
              id: character.id,
              name: character.name,
              isHidden: character.hiddenAt !== null,
              maker: person(maker),
            }
          : null,
        messageText: report.messageText,
        context,
      };
    }),
  );
}
