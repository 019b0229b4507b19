// 'Import a character card': a Character Card V2/V3 (PNG or JSON) becomes a new character of the
// person's own; the server parses and checks the card, so this only uploads it and reports back.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileUp, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TPersona } from '../../../shared/characters.ts';
import { api } from '../../lib/api.ts';

export function ImportCard({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useId();

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('card', file);
      return api<TPersona>('/upload/character-card', { method: 'POST', body: form });
    },
    onSuccess: async (persona) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['characters', 'own', userId] }),
        queryClient.invalidateQueries({ queryKey: ['characters', 'search'] }),
      ]);
      navigate(`/chat/${persona.id}`);
    },
    onError: (error) => {
      console.error('Failed to import the character card', error);
      toast.error(error.message);
    },
  });

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex items-center gap-4 rounded-2xl border border-line bg-panel/60 px-4 py-3 sm:px-5"
    >
      <div className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-panel-2 text-accent-2 sm:flex">
        {upload.isPending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin" />
        ) : (
          <FileUp aria-hidden className="size-5" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h2 id={`${id}-heading`} className="text-sm font-semibold">
          Import a character card
        </h2>
        <p id={`${id}-help`} className="text-xs text-muted">
          PNG or JSON, Character Card V2 or V3
        </p>
        <p role="status" className="text-xs text-accent-2 empty:hidden">
          {upload.isPending ? 'Importing the card...' : ''}
        </p>
      </div>
      {/* The native input stays in the page for keyboards and screen readers; the label is what people see. */}
      <label className="shrink-0 cursor-pointer rounded-lg bg-panel-2 px-3 py-2 text-sm font-medium text-white transition hover:bg-line focus-within:outline-2 focus-within:outline-accent has-[:disabled]:cursor-wait has-[:disabled]:opacity-60">
        <span aria-hidden>{upload.isPending ? 'Importing...' : 'Choose file'}</span>
        <input
          type="file"
          aria-label="Character card file"
          accept=".png,.json,image/png,application/json"
          aria-describedby={`${id}-help`}
          disabled={upload.isPending}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Cleared at once, so choosing the same file again after a refusal uploads it again.
            e.target.value = '';
            if (file) upload.mutate(file);
          }}
          className="sr-only"
        />
      </label>
    </section>
  );
}
