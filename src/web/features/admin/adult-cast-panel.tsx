// /admin: the owner marks built-in characters 18+; people under 18 (and anyone whose age is not known yet)
// never see those (issue 23).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  const mark = useMutation({
    mutationFn: (m: { id: number; isAdult: boolean }) =>
      api(`/api/admin/characters/${m.id}/adult`, { method: 'PUT', json: { isAdult: m.isAdult } }),
    // The box shows the new mark at once; the list is read again either way.
    onMutate: (m) => {
      client.setQueryData<{ characters: TCastMark[] }>(KEY, (old) =>
        old
          ? { characters: old.characters.map((c) => (c.id === m.id ? { ...c, isAdult: m.isAdult } : c)) }
          : old,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
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
                  checked={c.isAdult}
                  disabled={mark.isPending}
                  onChange={(e) => mark.mutate({ id: c.id, isAdult: e.target.checked })}
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
