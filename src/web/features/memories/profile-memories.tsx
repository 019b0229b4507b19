// /profile's memory cards: 'Cognitive Footprint', 'Recent Memory Highlights' and 'Search Your Memories'.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMemory } from '../../../shared/memories.ts';
import { SubmitButton } from '../../components/form-parts.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';
import {
  recentMemoriesQuery,
  searchMemories,
  topTopicsQuery,
  totalChatsQuery,
  totalMemoriesQuery,
} from './memories-api.ts';

export function CognitiveFootprint({ userId }: { userId: number }) {
  const chats = useQuery(totalChatsQuery(userId));
  const total = useQuery(totalMemoriesQuery(userId));
  const topics = useQuery(topTopicsQuery(userId));
  const topicText = topics.isPending
    ? 'Loading topics...'
    : topics.data && topics.data.topics.length > 0
      ? topics.data.topics.join(', ')
      : 'No data yet';
  return (
    <section aria-label="Cognitive Footprint" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-3 text-lg font-semibold">Cognitive Footprint</h2>
      <ul className="space-y-1.5 text-sm">
        <li>
          <span className="text-muted">Total chats: </span>
          <span>{chats.data?.totalChats ?? (chats.isPending ? 'Loading...' : 'No data yet')}</span>
        </li>
        <li>
          <span className="text-muted">Memories stored: </span>
          <span>{total.data?.totalMemories ?? (total.isPending ? 'Loading...' : 'No data yet')}</span>
        </li>
        <li>
          <span className="text-muted">Most discussed topics: </span>
          <span>{topicText}</span>
        </li>
      </ul>
    </section>
  );
}

function MemoryItem({ memory }: { memory: TMemory }) {
  return (
    <li className="rounded-xl border border-line p-3 text-sm">
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
        <time dateTime={memory.createdAt}>{new Date(memory.createdAt).toLocaleDateString()}</time>
        <span>{memory.checked_in ? 'Checked In' : 'Not Checked In Yet'}</span>
      </div>
      <p className="break-words whitespace-pre-wrap">
        <span className="text-muted">You: </span>
        {memory.content}
      </p>
      {memory.reply && (
        <p className="mt-1 break-words whitespace-pre-wrap">
          <span className="text-muted">{memory.characterName}: </span>
          {memory.reply}
        </p>
      )}
    </li>
  );
}

export function RecentMemoryHighlights({ userId }: { userId: number }) {
  const recent = useQuery(recentMemoriesQuery(userId));
  return (
    <section aria-label="Recent Memory Highlights" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-3 text-lg font-semibold">Recent Memory Highlights</h2>
      {recent.isPending ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : (recent.data ?? []).length === 0 ? (
        <p className="text-sm text-muted">No recent memories found.</p>
      ) : (
        <ul className="space-y-2">
          {(recent.data ?? []).map((m) => (
            <MemoryItem key={m.id} memory={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function SearchYourMemories({ userId }: { userId: number }) {
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: (q: string) => searchMemories({ userId, query: q }),
    onError: (error) => console.error('Memory search failed', error),
  });
  const run = () => {
    // Spec: a search needs a non-blank query and a known user.
    if (query.trim() === '' || !userId) return;
    search.mutate(query.trim());
  };
  return (
    <section aria-label="Search Your Memories" className="rounded-2xl bg-panel p-6">
      <h2 className="mb-3 text-lg font-semibold">Search Your Memories</h2>
      <form className="flex gap-2" onSubmit={handleSubmit(() => run())}>
        <input
          aria-label="Search memories"
          value={query}
          maxLength={500}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="What did I say about..."
          className="min-w-0 flex-1 rounded-lg border border-line bg-ink px-3 py-1.5"
        />
        <SubmitButton>Search</SubmitButton>
      </form>
      <div className="mt-4">
        {search.isPending ? (
          <p className="text-sm text-muted">Searching for memories...</p>
        ) : search.data && search.data.length === 0 ? (
          <p className="text-sm text-muted">No memories found</p>
        ) : search.data ? (
          <ul aria-label="Memory search results" className="space-y-2">
            {search.data.map((m) => (
              <MemoryItem key={m.id} memory={m} />
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

/** Everything memory adds to /profile, in the spec's order. */
export function ProfileMemories({ userId }: { userId: number }) {
  return (
    <>
      <CognitiveFootprint userId={userId} />
      <RecentMemoryHighlights userId={userId} />
      <SearchYourMemories userId={userId} />
    </>
  );
}
