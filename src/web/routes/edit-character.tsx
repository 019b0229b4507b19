// /character/:characterId/edit: the create form, filled with a character the person made.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CreateCharacterForm } from '../features/characters/create-character-form.tsx';
import { personaQuery } from '../features/chat/chat-api.ts';
import { useSignedInUser } from '../lib/session.ts';

export function EditCharacterRoute() {
  const user = useSignedInUser();
  const id = Number(useParams().characterId);
  const persona = useQuery({ ...personaQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const character = persona.data;
  const isOwn = character?.userId === user.id;

  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {character && isOwn ? `Edit ${character.name}` : 'Edit Character'}
        </h1>
        <p className="text-sm text-muted">
          Editing as <span className="font-medium text-white">{user.username}</span> ·{' '}
          <span>{user.email}</span>
        </p>
      </header>
      {persona.isLoading ? (
        <p className="text-muted">Loading character...</p>
      ) : !character || !isOwn ? (
        <p className="rounded-2xl border border-line bg-panel p-5 text-muted">
          You can edit only characters you made.{' '}
          <Link to="/" className="text-accent-2 underline">
            Back to home
          </Link>
        </p>
      ) : (
        <>
          <Link
            to={`/character/${character.id}/lorebook`}
            className="inline-block rounded-xl border border-line px-4 py-2 text-sm hover:bg-panel-2"
          >
            Edit {character.name}'s lorebook
          </Link>
          <CreateCharacterForm key={character.id} user={user} character={character} />
        </>
      )}
    </main>
  );
}
