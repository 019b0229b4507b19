// /profile: which country's crisis lines Kindred shows the person (else worked out from their time zone).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TCrisisCard } from '../../../shared/safety.ts';
import { api } from '../../lib/api.ts';

type TCrisisLines = { chosenCountry: string | null; card: TCrisisCard; countries: string[] };

const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;

export function CrisisCountry() {
  const queryClient = useQueryClient();
  const lines = useQuery({
    queryKey: ['safety', 'crisis-lines'],
    queryFn: () => api<TCrisisLines>('/api/safety/crisis-lines'),
  });
  const choose = useMutation({
    mutationFn: (country: string | null) => api('/api/safety/country', { method: 'PUT', json: { country } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['safety', 'crisis-lines'] }),
  });
  if (!lines.data) return null;
  const { chosenCountry, card, countries } = lines.data;
  return (
    <section aria-labelledby="crisis-country-title" className="rounded-2xl bg-panel p-6">
      <h2 id="crisis-country-title" className="text-lg font-medium">
        Safety
      </h2>
      <p className="mt-1 text-sm text-muted">
        If a message of yours sounds like you are in crisis, Kindred shows crisis lines for your country.{' '}
        <Link to="/safety" className="text-accent-2 underline">
          Read the safety protocol
        </Link>
      </p>
      <label className="mt-3 grid max-w-sm gap-1 text-sm">
        Crisis lines for
        <select
          value={chosenCountry ?? ''}
          onChange={(e) => choose.mutate(e.target.value || null)}
          className="rounded-lg border border-line bg-ink px-3 py-1.5"
        >
          <option value="">From my time zone</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-2 text-sm text-muted">
        Shown now:{' '}
        {card.lines.map((l) => `${l.name}${l.phone ? ` (${l.phone})` : ''}`).join(', ') ||
          card.directory.name}
      </p>
    </section>
  );
}
