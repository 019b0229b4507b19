// The conversation on screen: the stored chat (paged), messages sent here, and the reply being streamed.
// The state machine is chat-state.ts' reducer; this hook runs the calls and feeds it their events.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import toast from 'react-hot-toast';
import type { TPersona } from '../../../shared/characters.ts';
import type { TChatLog, TDailyUsage } from '../../../shared/chat.ts';
import { isAllowanceUsedUp } from '../../../shared/errors.ts';
import type { TCrisisCard } from '../../../shared/safety.ts';
import type { TSessionUser } from '../../lib/session.ts';
import { chatLogPage, ReplyError, streamReply, usageQuery } from './chat-api.ts';
import { chatReducer, contextText, fromStored, initialChatState, type TUiMessage } from './chat-state.ts';
import { useTypewriter } from './use-typewriter.ts';

export type { TUiMessage } from './chat-state.ts';
export { fromStored } from './chat-state.ts';

export type TChatOptions = {
  characterId: number;
  hist: string | null;
  user: TSessionUser;
  persona: TPersona | undefined;
  replyPath: string | undefined;
  isMemoryOn: boolean;
  isMonologueOn: boolean;
  isVoiceOn: boolean;
  /** The server stored the chat under a new uuid: the URL should adopt it (replace). */
  onAdoptHist(uuid: string): void;
  onDailyLimit(): void;
  /** The person's message read like a crisis: the card to show above its reply (issue 23). */
  onCrisis?(messageKey: string, card: TCrisisCard): void;
  onReplyAudio(key: string, url: string): void;
  /** Voice: a sentence of the reply is ready while the rest streams; then the reply's audio is done. */
  onReplyAudioPart?(key: string, url: string): void;
  onReplyAudioEnd?(key: string): void;
  onBeforeSend(): void;
  /** Conversation controls: stores the greeting as a new chat's first message, before its first send. */
  openWithGreeting?: () => Promise<TChatLog | null>;
};

let keyCounter = 0;
const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++keyCounter}`;

export function useChat(options: TChatOptions) {
  const { characterId, hist, user, persona } = options;
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(chatReducer, hist, initialChatState);
  const { local, pending, adoptedHist } = state;
  const controllerRef = useRef<AbortController | null>(null);
  const histRef = useRef(hist);
  histRef.current = hist;
  const localRef = useRef(local);
  localRef.current = local;

  // Another chat log was opened: start from its stored messages (the chat started here keeps its own).
  if (hist !== state.shownHist) dispatch({ type: 'open', hist });

  const stored = useInfiniteQuery({
    queryKey: ['chatlog', hist],
    queryFn: ({ pageParam }) => chatLogPage(hist!, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: () => undefined,
    getPreviousPageParam: (first) => (first.hasEarlier ? first.conversation[0]?.position : undefined),
    enabled: hist !== null && hist !== adoptedHist,
    retry: false,
  });
  const latestPage = stored.data?.pages.at(-1);
  const isForeign = latestPage !== undefined && latestPage.characterId !== characterId;
  const isHistMissing = stored.isError;

  useEffect(() => {
    if (isForeign) console.warn(`Chat log ${hist} belongs to another character; ignoring it`);
  }, [isForeign, hist]);
  useEffect(() => {
    if (isHistMissing) console.error(`Chat log ${hist} could not be loaded`, stored.error);
  }, [isHistMissing, hist, stored.error]);

  /** The chat log new messages go to: none when it is another character's or could not be loaded. */
  const sendHist = hist !== null && !isForeign && !isHistMissing ? hist : null;
  const storedMessages =
    hist !== null && hist !== adoptedHist && !isForeign
      ? (stored.data?.pages.flatMap((p) => p.conversation) ?? []).map((m) => fromStored(m, state.keys))
      : [];
  // A stored message with no reply after it (the server stopped mid-reply): offer its Retry.
  const lastStored = storedMessages.at(-1);
  if (lastStored?.role === 'user' && local.length === 0 && pending === null) {
    storedMessages[storedMessages.length - 1] = {
      ...lastStored,
      failure: 'No reply was stored for this message.',
    };
  }
  const messages = [...storedMessages, ...local];

  const shown = useTypewriter(pending?.received ?? '', pending?.isStopped ?? false);
  const isTypedOut = pending !== null && shown >= pending.received.length;

  // The reply is complete and fully typed out: it joins the conversation.
  useEffect(() => {
    if (pending?.isComplete && isTypedOut) dispatch({ type: 'typed-out' });
  }, [pending, isTypedOut]);

  /** Conversation controls: the server's latest page replaces what is on screen (positions, alternatives). */
  const applyPage = useCallback(
    (page: TChatLog) => {
      queryClient.setQueryData(['chatlog', page.uuid], { pages: [page], pageParams: [undefined] });
      dispatch({ type: 'page' });
    },
    [queryClient],
  );

  /** Reads the chat back from the server (after a regenerate or continue, or a stopped reply). */
  const resync = useCallback(async () => {
    const uuid = histRef.current;
    if (!uuid) return;
    const onScreen = localRef.current;
    const page = await chatLogPage(uuid).catch(() => null);
    // Something was sent meanwhile, or another chat opened: what is on screen is newer.
    if (!page || histRef.current !== uuid || localRef.current !== onScreen || controllerRef.current) return;
    applyPage(page);
  }, [applyPage]);

  // Only a stopped reply is read back: the stream told every other position.
  useEffect(() => {
    if (state.needsSync && !pending) void resync();
  }, [state.needsSync, pending, resync]);

  const setRemaining = useCallback(
    (remaining: number | null | undefined) => {
      if (remaining === undefined) return;
      queryClient.setQueryData<TDailyUsage>(usageQuery.queryKey, (usage) =>
        usage && !usage.isUnlimited && remaining !== null
          ? { ...usage, remaining, used: (usage.limit ?? 0) - remaining }
          : usage,
      );
    },
    [queryClient],
  );

  const adopt = (uuid: string) => {
    if (histRef.current !== null) return;
    dispatch({ type: 'adopt', hist: uuid });
    histRef.current = uuid;
    options.onAdoptHist(uuid);
  };

  const isBusy = pending !== null;

  async function send(text: string, retryKey?: string): Promise<'sent' | 'refused' | 'ignored'> {
    const userInput = text.trim();
    if (userInput === '' || !options.replyPath || !persona || isBusy) return 'ignored';
    options.onBeforeSend();
    const userKey = retryKey ?? newKey('me');
    const replyKey = newKey('reply');
    dispatch({ type: 'send', userKey, replyKey, text: userInput, isRetry: Boolean(retryKey) });
    const controller = new AbortController();
    controllerRef.current = controller;
    let histAtSend = sendHist;
    if (histAtSend === null && options.openWithGreeting) {
      // A new chat opens with the greeting: stored first, so the model sees it like any reply.
      const page = await options.openWithGreeting().catch((error: unknown) => {
        console.error('The greeting could not be stored', error);
        return null;
      });
      if (page) {
        adopt(page.uuid);
        histAtSend = page.uuid;
        dispatch({ type: 'greeting', messages: page.conversation.map((m) => fromStored(m, state.keys)) });
      }
    }
    const userName = user.name?.trim() || user.username;
    let isSpeaking = false;
    try {
      const done = await streamReply(
        options.replyPath,
        {
          userId: user.id,
          userName,
          characterId,
          characterName: persona.name,
          // The server builds the prompt from what it stored; these spec fields are informational.
          message: contextText([...messages, { role: 'user', content: userInput }]),
          userInput,
          systemPrompt: persona.description.replace(/\{\{\s*userName\s*\}\}/g, userName),
          voiceId: persona.voiceId,
          isPlayingAudio: options.isVoiceOn,
          memoryEnabled: options.isMemoryOn,
          chainOfThoughtEnabled: options.isMonologueOn,
          hist: histAtSend,
          retry: Boolean(retryKey),
        },
        {
          onStart: (start) => {
            adopt(start.hist);
            setRemaining(start.remaining);
            if (start.crisis) options.onCrisis?.(userKey, start.crisis);
            // A minor's three hours of continuous chatting: the character is AI, and a break is due.
            if (start.breakReminder) toast(start.breakReminder, { duration: 20_000 });
            dispatch({ type: 'start', userKey, messagePosition: start.messagePosition });
          },
          onThoughts: (t) => dispatch({ type: 'thoughts', text: t }),
          onDelta: (t) => dispatch({ type: 'delta', text: t }),
          onAudio: (a) => {
            if (!options.isVoiceOn || !options.onReplyAudioPart) return;
            isSpeaking = true;
            options.onReplyAudioPart(replyKey, a.url);
          },
        },
        controller.signal,
      );
      if (!done) {
        dispatch({ type: 'stopped' });
        return 'sent';
      }
      setRemaining(done.remaining);
      dispatch({ type: 'done', done });
      if (isSpeaking) options.onReplyAudioEnd?.(replyKey);
      else if (options.isVoiceOn && done.audioUrlForCloudflare) {
        options.onReplyAudio(replyKey, done.audioUrlForCloudflare);
      }
      return 'sent';
    } catch (error) {
      // An abuse limit (too_many_requests) is no daily limit: it shows on the message with its Retry.
      if (error instanceof ReplyError && isAllowanceUsedUp(error)) {
        // Spec: on 429 the Daily Limit panel opens and the message is not added.
        dispatch({ type: 'refused', userKey });
        setRemaining(0);
        options.onDailyLimit();
        return 'refused';
      }
      const body = error instanceof ReplyError ? error.body : undefined;
      if (body?.hist) adopt(body.hist);
      setRemaining(body?.remaining);
      const failure = error instanceof Error ? error.message : 'The reply failed. Please try again.';
      const failureCode = error instanceof ReplyError ? error.code : undefined;
      dispatch({ type: 'failed', userKey, failure, failureCode });
      return 'sent';
    } finally {
      controllerRef.current = null;
      const uuid = histRef.current;
      if (uuid) void queryClient.invalidateQueries({ queryKey: ['chatlog', uuid], refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: ['chatlogs', user.id, characterId] });
      void queryClient.invalidateQueries({ queryKey: ['chatlogs', 'recent'] });
    }
  }

  /** The stop button: the model stops, and what arrived so far is kept (the server stores it too). */
  const stop = useCallback(() => {
    controllerRef.current?.abort();
    dispatch({ type: 'stop' });
  }, []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  /** New Chat: back to an empty conversation. */
  const reset = useCallback(() => {
    controllerRef.current?.abort();
    dispatch({ type: 'reset' });
  }, []);

  return {
    messages,
    pending: pending && {
      text: pending.received.slice(0, shown),
      isWaiting: pending.received === '' && !pending.isComplete,
      isComplete: pending.isComplete,
    },
    isBusy,
    isLoadingStored: stored.isLoading,
    hasEarlier: stored.hasPreviousPage && !isForeign,
    isLoadingEarlier: stored.isFetchingPreviousPage,
    loadEarlier: () => void stored.fetchPreviousPage(),
    send,
    retry: (message: TUiMessage) => send(message.content, message.key),
    stop,
    reset,
    applyPage,
    resync,
    /** The chat log the controls act on (null for a chat not stored yet). */
    hist: sendHist,
  };
}
