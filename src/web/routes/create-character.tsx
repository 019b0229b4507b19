// /character/create/new: who is creating, and the form for a new character of their own.
import { CreateCharacterForm } from '../features/characters/create-character-form.tsx';
import { ImportCard } from '../features/characters/import-card.tsx';
import { useSignedInUser } from '../lib/session.ts';

export function CreateCharacterRoute() {
  const user = useSignedInUser();
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Create a New Character</h1>
        <p className="text-sm text-muted">
          Creating as <span className="font-medium text-white">{user.username}</span> ·{' '}
          <span>{user.email}</span>
        </p>
      </header>
      <ImportCard userId={user.id} />
      <CreateCharacterForm user={user} />
    </main>
  );
}
