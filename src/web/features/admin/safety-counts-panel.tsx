// /admin: crisis referrals and replaced replies per month — counts only, no text, no names — and the CSV.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

type TSafetyMonth = { month: string; crisisReferrals: number; unsafeReplies: number };

export function SafetyCountsPanel() {
  const counts = useQuery({
    queryKey: ['admin', 'safety-counts'],
    queryFn: () => api<{ months: TSafetyMonth[] }>('/api/admin/safety-counts'),
  });
  return (
    <section aria-label="Safety" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-1 text-lg font-medium">Safety</h2>
      <p className="mb-3 text-sm text-muted">
        Crisis referrals shown and unsafe replies replaced, per month. Counts only: never the messages, never
        who.
      </p>
      {counts.data && counts.data.months.length === 0 && <p className="text-sm text-muted">None yet.</p>}
      {counts.data && counts.data.months.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="text-muted">
            <tr>
              <th className="py-1 font-normal">Month</th>
              <th className="py-1 font-normal">Crisis referrals</th>
              <th className="py-1 font-normal">Unsafe replies replaced</th>
            </tr>
          </thead>
          <tbody>
            {counts.data.months.map((m) => (
              <tr key={m.month} className="border-t border-line">
                <td className="py-1">{m.month}</td>
                <td className="py-1">{m.crisisReferrals}</td>
                <td className="py-1">{m.unsafeReplies}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <a
        href="/api/admin/safety-counts.csv"
        download
        className="mt-3 inline-block text-sm text-accent-2 underline"
      >
        Download CSV
      </a>
    </section>
  );
}
