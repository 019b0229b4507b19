// /profile's Persona card (the user persona): a short line about who the person is, which every character is told.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { type TUserPersonaBody, USER_PERSONA_MAX_CHARS } from '../../../shared/user-persona.ts';
import { api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';

const userPersonaQuery = queryOptions({
  queryKey: ['user-persona'],
  queryFn: () => api<TUserPersonaBody>('/api/persona'),
});

export function UserPersonaCard() {
  const userPersona = useQuery(userPersonaQuery);
  return (
    <section aria-labelledby="persona-title" className="rounded-2xl bg-panel p-6">
      <h2 id="persona-title" className="text-lg font-medium">
        Persona
      </h2>
      <p className="mt-1 text-sm text-muted">
        Tell the characters who you are. Every character you talk with knows this.
      </p>
      {userPersona.data ? (
        <UserPersonaForm saved={userPersona.data.persona} />
      ) : (
        <p className="mt-4 text-sm text-muted">
          {userPersona.isError ? 'The persona could not be loaded.' : 'Loading...'}
        </p>
      )}
    </section>
  );
}

function UserPersonaForm({ saved }: { saved: string }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const save = useMutation({
    mutationFn: () => api<TUserPersonaBody>('/api/persona', { method: 'PUT', json: { persona: draft } }),
    onSuccess: (data) => {
      queryClient.setQueryData(userPersonaQuery.queryKey, data);
      setDraft(data.persona);
      toast.success('Persona saved');
    },
    onError: (error) =>
      toast.error(error instanceof Error ? error.message : 'The persona could not be saved.'),
  });
  return (
    <form className="mt-4 space-y-2" onSubmit={handleSubmit(() => save.mutate())}>
      <label htmlFor={id} className="sr-only">
        Your persona
      </label>
      <textarea
        id={id}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        maxLength={USER_PERSONA_MAX_CHARS}
        rows={3}
        placeholder="I'm a night-shift nurse who loves rainy days"
        className="w-full resize-y rounded-lg border border-line bg-ink px-3 py-2 outline-none focus:border-accent"
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs text-muted tabular-nums">
          {draft.length}/{USER_PERSONA_MAX_CHARS}
        </span>
        <button
          type="submit"
          disabled={save.isPending || draft.trim() === saved}
          className="rounded-lg bg-accent px-3 py-1.5 text-sm text-white disabled:opacity-50"
        >
          Save Persona
        </button>
      </div>
    </form>
  );
}
