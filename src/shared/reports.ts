// Reports and moderation shapes shared by the server and the web app (issue 23).
import { z } from 'zod';
import { REPORT_REASONS, type TReportReason } from './report-reasons.ts';
import { ZText } from './text.ts';

// The reasons and the thank-you live without zod, so the report dialog does not load the schemas.
export * from './report-reasons.ts';

const ZReason = z.enum(Object.keys(REPORT_REASONS) as [TReportReason, ...TReportReason[]]);
const ZNote = ZText.trim().max(1000, 'The note is at most 1000 characters').default('');

/** POST /api/reports: a reply in one of the person's chats, or a character they did not make. */
export const ZNewReport = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    chatLogUuid: z.uuid(),
    position: z.number().int().min(0).max(10_000_000),
    reason: ZReason,
    note: ZNote,
  }),
  z.object({
    kind: z.literal('character'),
    characterId: z.number().int().positive().max(2_147_483_647),
    reason: ZReason,
    note: ZNote,
  }),
]);
export type TNewReport = z.infer<typeof ZNewReport>;

/** POST /api/admin/reports/:id/action */
export const ZReportAction = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hide_character') }),
  z.object({ action: z.literal('delete_message') }),
  z.object({
    action: z.literal('suspend_account'),
    userId: z.number().int().positive().max(2_147_483_647),
    reason: ZText.trim().min(1, 'Say why the account is suspended').max(500),
  }),
  z.object({ action: z.literal('dismiss') }),
]);
export type TReportAction = z.infer<typeof ZReportAction>;

export type TReportPerson = { id: number; username: string; isSuspended: boolean };

/** GET /api/admin/reports: one report with what the owner needs to decide. */
export type TAdminReport = {
  id: number;
  kind: 'message' | 'character';
  reason: TReportReason;
  note: string;
  status: 'open' | 'closed';
  action: string | null;
  createdAt: string;
  reporter: TReportPerson;
  character: { id: number; name: string; isHidden: boolean; maker: TReportPerson | null } | null;
  /** The reported reply as it was reported, and the messages around it now (the reported one marked). */
  messageText: string | null;
  context: { position: number; role: 'user' | 'assistant'; content: string; isReported: boolean }[];
};

/** PUT /api/safety/country: the country whose crisis lines a person is shown (null: from the time zone). */
export const ZCrisisCountry = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code')
    .nullable(),
});
