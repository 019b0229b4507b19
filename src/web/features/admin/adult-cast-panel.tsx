// /admin: the owner marks built-in characters 18+; people under 18 (and anyone whose age is not known yet)
// never see those (issue 23).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TCastMark } from '../../../shared/characters.ts';
import { ErrorText } from '../../components/form-parts.tsx';
import { api } from '../../lib/api.ts';

const KEY = ['admin', 'characters'];

export function AdultCastPanel() {
  const client = useQueryClient();
  const cast = useQuery({
    queryKey: KEY,
    queryFn: () => api<{ characters: TCastMark[] }>('/api/admin/characters'),
  });
  // The box shows the new mark in the click's own render (the cache's update reaches the list a tick later,
  // and a controlled box would flip back meanwhile); the list is read again either way, then the marks go.
  const [marks, setMarks] = useState<ReadonlyMap<number, boolean>>(new Map());
  const mark = useMutation({
    mutationFn: (m: { id: number; isAdult: boolean }) =>
      api(`/api/admin/characters/${m.id}/adult`, { method: 'PUT', json: { isAdult: m.isAdult } }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      setMarks(new Map());
    },
  });
  return (
    <section aria-label="18+ characters" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-1 text-lg font-medium">18+ characters</h2>
      <p className="mb-3 text-sm text-muted">
        Built-in characters marked 18+ are hidden from people under 18: from lists, search and chat.
      </p>
      {cast.data && (
        <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {cast.data.characters.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={marks.get(c.id) ?? c.isAdult}
                  disabled={mark.isPending}
                  onChange={(e) => {
                    const isAdult = e.target.checked;
                    setMarks((m) => new Map(m).set(c.id, isAdult));
                    mark.mutate({ id: c.id, isAdult });
                  }}
                  className="h-4 w-4 accent-accent"
                />
                <span>
                  {c.name}: 18+{c.isHidden && <span className="text-muted"> (hidden after a report)</span>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {mark.error && <ErrorText className="mt-3">{mark.error.message}</ErrorText>}
    </section>
  );
}
