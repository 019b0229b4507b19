import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TMemory } from '../../../shared/memories.ts';
import { dayOf, MemoryItem, sourceHref } from './memory-item.tsx';

const UUID = '3f2b6c1e-8d0a-4b7e-9c55-0a1b2c3d4e5f';
const year = new Date().getFullYear();

const memory = (over: Partial<TMemory> = {}): TMemory => ({
  id: 7,
  characterId: 1,
  characterName: 'Seraphine Vale',
  content: 'I start at the bakery on Monday',
  reply: 'Good luck!',
  createdAt: `${year}-05-03T10:00:00.000Z`,
  checked_in: false,
  pinned: false,
  importance: 0.7,
  fact: null,
  kind: null,
  happensOn: null,
  source: null,
  updatedAt: `${year}-05-03T10:00:00.000Z`,
  history: [],
  ...over,
});

const html = (m: TMemory) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MemoryItem
          memory={m}
          onPin={() => {}}
          onDelete={() => {}}
          onEdited={() => {}}
          onOpenSource={() => {}}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('a memory in the drawer', () => {
  it('a fact shows instead of the words, with its kind, the day it happens and its source chat', () => {
    const out = html(
      memory({
        fact: 'Ada starts a job at the bakery on Monday 30 November',
        kind: 'work',
        happensOn: `${year}-11-30`,
        source: { chatUuid: UUID, position: 4 },
      }),
    );
    expect(out).toContain('Ada starts a job at the bakery on Monday 30 November');
    expect(out).not.toContain('I start at the bakery on Monday');
    expect(out).toMatch(/>work</);
    expect(out).toContain(`dateTime="${year}-11-30"`);
    expect(out).toContain('>30 November<');
    expect(out).toContain(`href="/chat/1?hist=${UUID}&amp;at=4"`);
    expect(out).toContain('from your chat on 3 May');
  });

  it("a hand-added memory shows its words and no source; an updated one says so, the source's day moved", () => {
    const plain = html(memory());
    expect(plain).toContain('I start at the bakery on Monday');
    expect(plain).not.toContain('from your chat');
    expect(plain).not.toContain('Updated');
    const moved = html(
      memory({
        fact: 'Ada works at the flower shop',
        kind: 'work',
        source: { chatUuid: UUID, position: 9 },
        history: [
          {
            fact: 'Ada works at the bakery',
            kind: 'work',
            happensOn: null,
            source: { chatUuid: UUID, position: 4 },
            since: `${year}-05-03T10:00:00.000Z`,
            replacedAt: `${year}-06-12T09:30:00.000Z`,
          },
        ],
      }),
    );
    expect(moved).toContain('Updated once');
    expect(moved).toContain('Ada works at the bakery');
    expect(moved).toContain('from your chat on 12 June');
  });

  it('days: this year without the year, other years with it; a memory without a position links the chat', () => {
    expect(dayOf(`${year}-05-03`)).toBe('3 May');
    expect(dayOf('2019-05-03')).toBe('3 May 2019');
    expect(sourceHref(memory({ source: { chatUuid: UUID, position: null } }))).toBe(`/chat/1?hist=${UUID}`);
  });
});
