// /safety: the published safety protocol (what is detected, what happens, who to call); no sign-in needed.
import { useQuery } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';

export function SafetyRoute() {
  const protocol = useQuery({
    queryKey: ['safety-protocol'],
    queryFn: () => api<{ markdown: string }>('/safety-protocol'),
  });
  return (
    <main className="mx-auto max-w-3xl p-6">
      {protocol.data ? (
        <article className="message-markdown safety-protocol space-y-3">
          <Markdown skipHtml>{protocol.data.markdown}</Markdown>
        </article>
      ) : (
        <p className="text-muted">
          {protocol.isError ? 'The safety page could not be loaded.' : 'Loading...'}
        </p>
      )}
      <p className="mt-8 text-sm">
        <Link to="/" className="text-accent-2 underline">
          Back to Kindred
        </Link>
      </p>
    </main>
  );
}
