// /lorebooks/:id: one lorebook in the editor.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LorebookEditor } from '../features/lorebooks/lorebook-editor.tsx';
import { lorebookQuery } from '../features/lorebooks/lorebooks-api.ts';

export function LorebookRoute() {
  const id = Number(useParams().id);
  const isValid = Number.isInteger(id) && id > 0;
  const book = useQuery({ ...lorebookQuery(id), enabled: isValid, retry: false });

  return (
    <main className="mx-auto max-w-3xl space-y-5 px-4 py-6 sm:px-8">
      <nav className="text-sm text-muted">
        <Link to="/lorebooks" className="hover:underline">
          Lorebooks
        </Link>
      </nav>
      {book.data ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{book.data.name}</h1>
          <LorebookEditor book={book.data} />
        </>
      ) : (
        <p className="text-muted">
          {book.isLoading ? 'Loading...' : 'This lorebook does not exist or is not yours.'}
        </p>
      )}
    </main>
  );
}
