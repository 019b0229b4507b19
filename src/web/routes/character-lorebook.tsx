// /character/:characterId/lorebook: a character's own lorebook. Its maker edits it (and starts one when
// it has none); a built-in character's book is shown read-only.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ErrorText, PrimaryButton } from '../components/form-parts.tsx';
import { personaQuery } from '../features/chat/chat-api.ts';
import { LorebookEditor } from '../features/lorebooks/lorebook-editor.tsx';
import { characterLorebookQuery, startCharacterLorebook } from '../features/lorebooks/lorebooks-api.ts';
import { useSignedInUser } from '../lib/session.ts';

export function CharacterLorebookRoute() {
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const characterId = Number(useParams().characterId);
  const isValid = Number.isInteger(characterId) && characterId > 0;
  const persona = useQuery({ ...personaQuery(characterId), enabled: isValid, retry: false });
  const book = useQuery({ ...characterLorebookQuery(characterId), enabled: isValid, retry: false });
  const start = useMutation({
    mutationFn: () => startCharacterLorebook(characterId),
    onSuccess: (created) => queryClient.setQueryData(characterLorebookQuery(characterId).queryKey, created),
  });
  const character = persona.data;
  const isOwn = character?.userId === user.id;

  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
      <nav className="text-sm text-muted">
        {character && (
          <Link to={`/chat/${character.id}`} className="hover:underline">
            Back to {character.name}
          </Link>
        )}
      </nav>
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
        {character ? `${character.name}'s lorebook` : 'Lorebook'}
      </h1>
      {persona.isLoading || book.isLoading ? (
        <p className="text-muted">Loading...</p>
      ) : !character || book.isError ? (
        <p className="text-muted">This character does not exist or is not available to you.</p>
      ) : book.data ? (
        <LorebookEditor book={book.data} />
      ) : isOwn ? (
        <div className="space-y-3 rounded-2xl border border-line bg-panel p-5">
          <p className="text-muted">
            {character.name} has no lorebook yet. Its entries go into {character.name}'s replies in every
            chat.
          </p>
          <PrimaryButton onClick={() => start.mutate()} isDisabled={start.isPending}>
            Start a lorebook
          </PrimaryButton>
          {start.error && <ErrorText>{start.error.message}</ErrorText>}
        </div>
      ) : (
        <p className="text-muted">{character.name} has no lorebook.</p>
      )}
    </main>
  );
}
