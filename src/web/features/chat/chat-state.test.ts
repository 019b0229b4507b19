import { describe, expect, it } from 'vitest';
import type { TChatMessage, TReplyDone } from '../../../shared/chat.ts';
import {
  chatReducer,
  fromStored,
  initialChatState,
  NEW_CONTROLS,
  type TChatAction,
  type TChatState,
} from './chat-state.ts';

const run = (state: TChatState, ...actions: TChatAction[]) => actions.reduce(chatReducer, state);

const done = (over: Partial<TReplyDone> = {}): TReplyDone => ({
  message: 'Hello',
  reply: 'Hello there.',
  internalThoughts: null,
  embedding: null,
  audioUrl: null,
  audioUrlForCloudflare: null,
  hist: 'h1',
  uuid: 'h1',
  remaining: 19,
  isPartial: false,
  messagePosition: 0,
  replyPosition: 1,
  ...over,
});

const sendHello: TChatAction = {
  type: 'send',
  userKey: 'me-1',
  replyKey: 'reply-1',
  text: 'Hello',
  isRetry: false,
};

describe('chat state: send and stream', () => {
  it('a sent message shows at once, without a position, and the reply waits', () => {
    const s = run(initialChatState(null), sendHello);
    expect(s.local).toEqual([
      { key: 'me-1', role: 'user', content: 'Hello', internalThoughts: null, audioUrl: null },
    ]);
    expect(s.pending).toMatchObject({ replyKey: 'reply-1', received: '', isComplete: false });
  });

  it("start gives the person's message its stored position and controls; deltas and thoughts add up", () => {
    const s = run(
      initialChatState(null),
      sendHello,
      { type: 'start', userKey: 'me-1', messagePosition: 4 },
      { type: 'thoughts', text: 'Hmm. ' },
      { type: 'delta', text: 'Hello' },
      { type: 'delta', text: ' there' },
    );
    expect(s.local[0]).toMatchObject({ position: 4, controls: NEW_CONTROLS });
    expect(s.pending).toMatchObject({ received: 'Hello there', thoughts: 'Hmm. ', isComplete: false });
  });

  it('done completes the reply with the server text; typed out, it joins with its position: no read-back', () => {
    const s = run(
      initialChatState(null),
      sendHello,
      { type: 'start', userKey: 'me-1', messagePosition: 0 },
      { type: 'delta', text: 'Hello th' },
      {
        type: 'done',
        done: done({
          internalThoughts: 'Be kind.',
          audioUrl: '/media/audio/a.mp3',
          lore: [{ bookId: 1, bookName: 'Eldoria', entryId: 2, comment: 'The glade', keys: ['glade'] }],
        }),
      },
    );
    expect(s.pending).toMatchObject({ received: 'Hello there.', isComplete: true, position: 1 });
    const joined = chatReducer(s, { type: 'typed-out' });
    expect(joined.pending).toBeNull();
    expect(joined.local.map((m) => [m.key, m.role, m.position])).toEqual([
      ['me-1', 'user', 0],
      ['reply-1', 'assistant', 1],
    ]);
    expect(joined.local[1]).toMatchObject({
      content: 'Hello there.',
      internalThoughts: 'Be kind.',
      audioUrl: '/media/audio/a.mp3',
      controls: NEW_CONTROLS,
      lore: [expect.objectContaining({ bookName: 'Eldoria' })],
    });
    expect(joined.needsSync).toBe(false);
  });

  it('typed-out does nothing while the reply is still streaming', () => {
    const s = run(initialChatState(null), sendHello, { type: 'delta', text: 'Hel' });
    expect(chatReducer(s, { type: 'typed-out' })).toBe(s);
  });
});

describe('chat state: stop', () => {
  it('stop shows what arrived; once the stream ends the words join without a position and are read back once', () => {
    const stopped = run(
      initialChatState('h1'),
      sendHello,
      { type: 'start', userKey: 'me-1', messagePosition: 2 },
      { type: 'delta', text: 'Once upon' },
      { type: 'stop' },
    );
    expect(stopped.pending).toMatchObject({ isStopped: true, isComplete: false });
    const ended = run(stopped, { type: 'stopped' }, { type: 'typed-out' });
    expect(ended.local.at(-1)).toMatchObject({ role: 'assistant', content: 'Once upon' });
    expect(ended.local.at(-1)!.position).toBeUndefined();
    expect(ended.needsSync).toBe(true);
    // The page read back replaces the screen; the message sent here keeps its key.
    const synced = chatReducer(ended, { type: 'page' });
    expect(synced).toMatchObject({ local: [], needsSync: false });
    expect(synced.keys.get(2)).toBe('me-1');
  });

  it('stopped before any words: nothing joins and nothing is read back', () => {
    const s = run(
      initialChatState('h1'),
      sendHello,
      { type: 'stop' },
      { type: 'stopped' },
      { type: 'typed-out' },
    );
    expect(s.pending).toBeNull();
    expect(s.local.map((m) => m.role)).toEqual(['user']);
    expect(s.needsSync).toBe(false);
  });
});

describe('chat state: failures and retry', () => {
  it('a failed reply marks the message; retry clears the mark, keeps the message and answers it', () => {
    const failed = run(initialChatState('h1'), sendHello, {
      type: 'failed',
      userKey: 'me-1',
      failure: 'The character could not answer just now.',
      failureCode: 'model_failed',
    });
    expect(failed.pending).toBeNull();
    expect(failed.local[0]).toMatchObject({
      failure: 'The character could not answer just now.',
      failureCode: 'model_failed',
    });
    const retried = run(
      failed,
      { type: 'send', userKey: 'me-1', replyKey: 'reply-2', text: 'Hello', isRetry: true },
      { type: 'start', userKey: 'me-1', messagePosition: 0 },
      { type: 'done', done: done() },
      { type: 'typed-out' },
    );
    expect(retried.local.map((m) => [m.key, m.failure, m.position])).toEqual([
      ['me-1', undefined, 0],
      ['reply-2', undefined, 1],
    ]);
  });

  it('the daily limit refuses: the message goes and nothing waits', () => {
    const s = run(initialChatState(null), sendHello, { type: 'refused', userKey: 'me-1' });
    expect(s).toMatchObject({ local: [], pending: null });
  });
});

describe('chat state: swipe and other controls (the page replaces the screen)', () => {
  it("after a swipe's page the reply sent here keeps its key, so its audio and focus stay with it", () => {
    const s = run(
      initialChatState('h1'),
      sendHello,
      { type: 'start', userKey: 'me-1', messagePosition: 0 },
      { type: 'done', done: done() },
      { type: 'typed-out' },
      { type: 'page' },
    );
    const swiped: TChatMessage = {
      position: 1,
      role: 'assistant',
      content: 'Another take.',
      audioUrl: null,
      internalThoughts: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      alternativeCount: 2,
      chosen: 1,
      rating: null,
      isGreeting: false,
    };
    expect(fromStored(swiped, s.keys)).toMatchObject({
      key: 'reply-1',
      content: 'Another take.',
      controls: { alternativeCount: 2, chosen: 1 },
    });
    expect(fromStored({ ...swiped, position: 7 }, s.keys).key).toBe('stored-7');
  });
});

describe('chat state: switching chats', () => {
  it('opening another chat starts from its stored messages; adopting the chat started here keeps the screen', () => {
    const here = run(initialChatState(null), sendHello, { type: 'adopt', hist: 'h1' });
    const adopted = chatReducer(here, { type: 'open', hist: 'h1' });
    expect(adopted.local).toHaveLength(1);
    expect(adopted.shownHist).toBe('h1');
    const other = chatReducer(adopted, { type: 'open', hist: 'h2' });
    expect(other).toMatchObject({ shownHist: 'h2', adoptedHist: null, local: [] });
  });
});
