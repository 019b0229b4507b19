// The owner's safety report: counts per UTC month (crisis referrals, unsafe replies replaced), never text
// or names; as JSON for /admin and as CSV for the yearly report.
import type { TDb } from '../../db/client.ts';
import { listSafetyCounts } from '../../db/queries/safety.ts';

export type TSafetyMonth = { month: string; crisisReferrals: number; unsafeReplies: number };

export async function safetyReport(db: TDb): Promise<TSafetyMonth[]> {
  const byMonth = new Map<string, TSafetyMonth>();
  for (const row of await listSafetyCounts(db)) {
    const month = String(row.month).slice(0, 7);
    const entry = byMonth.get(month) ?? { month, crisisReferrals: 0, unsafeReplies: 0 };
    if (row.kind === 'crisis_referral') entry.crisisReferrals += row.count;
    else entry.unsafeReplies += row.count;
    byMonth.set(month, entry);
  }
  return [...byMonth.values()];
}

export function safetyReportCsv(months: TSafetyMonth[]): string {
  const rows = months.map((m) => `${m.month},${m.crisisReferrals},${m.unsafeReplies}`);
  return ['month,crisis_referrals,unsafe_replies_replaced', ...rows].join('\r\n') + '\r\n';
}
