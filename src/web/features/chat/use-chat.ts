// The conversation on screen: the stored chat (paged), messages sent here, and the reply being streamed.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TPersona } from '../../../shared/characters.ts';
import type { TChatLog, TChatMessage, TDailyUsage } from '../../../shared/chat.ts';
import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TMessageControls } from '../../../shared/controls.ts';
import type { TReplyLore } from '../../../shared/lorebooks.ts';
import type { TCrisisCard } from '../../../shared/safety.ts';
import type { TSessionUser } from '../../lib/session.ts';
import { chatLogPage, ReplyError, streamReply, usageQuery } from './chat-api.ts';
import { useTypewriter } from './use-typewriter.ts';

export type TUiMessage = {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  internalThoughts: string | null;
  audioUrl: string | null;
  /** A user message whose reply failed: shown with the reason and a retry button. */
  failure?: string;
  /** The server's error code for the failure (model_unavailable: no model is set up). */
  failureCode?: string;
  /** A reply the model stopped before it was finished: shown marked, with Continue and Retry. */
  isCutOff?: boolean;
  /** Conversation controls: where the message is stored (absent until the server's copy is on screen). */
  position?: number;
  controls?: TMessageControls;
  /** Lorebook entries a reply was given (shown from the reply). */
  lore?: TReplyLore[];
  /** Group chats: the character who wrote the reply. */
  speakerId?: number;
};

/** The reply being received and typed out. */
type TPending = {
  replyKey: string;
  received: string;
  thoughts: string;
  isComplete: boolean;
  isStopped: boolean;
  isCutOff: boolean;
  audioUrl: string | null;
};

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

export const fromStored = (m: TChatMessage, keys?: Map<number, string>): TUiMessage => ({
  key: keys?.get(m.position) ?? `stored-${m.position}`,
  role: m.role,
  content: m.content,
  internalThoughts: m.internalThoughts,
  audioUrl: m.audioUrl,
  isCutOff: m.isCutOff === true,
  position: m.position,
  lore: m.lore ?? [],
  speakerId: m.speakerId,
  controls: {
    alternativeCount: m.alternativeCount ?? 1,
    chosen: m.chosen ?? 0,
    rating: m.rating ?? null,
    isGreeting: m.isGreeting ?? false,
  },
});

export function useChat(options: TChatOptions) {
  const { characterId, hist, user, persona } = options;
  const queryClient = useQueryClient();
  // A chat log started on this screen: its messages are already here, so it is not fetched again.
  const [adoptedHist, setAdoptedHist] = useState<string | null>(null);
  const [shownHist, setShownHist] = useState<string | null>(hist);
  const [local, setLocal] = useState<TUiMessage[]>([]);
  const [pending, setPending] = useState<TPending | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const histRef = useRef(hist);
  histRef.current = hist;
  // Conversation controls: messages sent here keep their keys once the server's copy replaces them.
  const keysRef = useRef(new Map<number, string>());
  const localRef = useRef(local);
  localRef.current = local;
  const [needsSync, setNeedsSync] = useState(false);

  // Another chat log was opened (History, a notification, New Chat): start from its stored messages.
  // Adopting the uuid of the chat started here keeps what is on screen.
  if (hist !== shownHist) {
    setShownHist(hist);
    if (hist !== adoptedHist) {
      setLocal([]);
      setAdoptedHist(null);
      keysRef.current = new Map();
    }
  }

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
      ? (stored.data?.pages.flatMap((p) => p.conversation) ?? []).map((m) => fromStored(m, keysRef.current))
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
    if (!pending?.isComplete || !isTypedOut) return;
    setPending(null);
    if (pending.received.trim() === '') return;
    setLocal((list) => [
      ...list,
      {
        key: pending.replyKey,
        role: 'assistant',
        content: pending.received,
        internalThoughts: pending.thoughts.trim() || null,
        audioUrl: pending.audioUrl,
        isCutOff: pending.isCutOff,
      },
    ]);
    setNeedsSync(true);
  }, [pending, isTypedOut]);

  /** Conversation controls: the server's latest page replaces what is on screen (positions, alternatives). */
  const applyPage = useCallback(
    (page: TChatLog) => {
      queryClient.setQueryData(['chatlog', page.uuid], { pages: [page], pageParams: [undefined] });
      setLocal([]);
      setAdoptedHist(null);
    },
    [queryClient],
  );

  /** Reads the chat back from the server once a reply has joined it, so every message can be controlled. */
  const resync = useCallback(async () => {
    const uuid = histRef.current;
    if (!uuid) return;
    const onScreen = localRef.current;
    const page = await chatLogPage(uuid).catch(() => null);
    // Something was sent meanwhile, or another chat opened: what is on screen is newer.
    if (!page || histRef.current !== uuid || localRef.current !== onScreen || controllerRef.current) return;
    const tail = page.conversation.slice(-onScreen.length);
    onScreen.forEach((m, i) => {
      const storedMessage = tail[i];
      if (storedMessage && storedMessage.role === m.role) keysRef.current.set(storedMessage.position, m.key);
    });
    applyPage(page);
  }, [applyPage]);

  useEffect(() => {
    if (!needsSync || pending) return;
    setNeedsSync(false);
    void resync();
  }, [needsSync, pending, resync]);

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
    setAdoptedHist(uuid);
    histRef.current = uuid;
    options.onAdoptHist(uuid);
  };

  const isBusy = pending !== null;

  async function send(text: string, retryKey?: string): Promise<'sent' | 'refused' | 'ignored'> {
    const userInput = text.trim();
    if (userInput === '' || !options.replyPath || !persona || isBusy) return 'ignored';
    options.onBeforeSend();
    const userKey = retryKey ?? newKey('me');
    if (retryKey) {
      setLocal((list) =>
        list.map((m) => (m.key === retryKey ? { ...m, failure: undefined, failureCode: undefined } : m)),
      );
    } else {
      setLocal((list) => [
        ...list,
        { key: userKey, role: 'user', content: userInput, internalThoughts: null, audioUrl: null },
      ]);
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    const replyKey = newKey('reply');
    setPending({
      replyKey,
      received: '',
      thoughts: '',
      isComplete: false,
      isStopped: false,
      isCutOff: false,
      audioUrl: null,
    });
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
        const greeting = page.conversation.map((m) => fromStored(m, keysRef.current));
        setLocal((list) => [...greeting, ...list]);
      }
    }
    const userName = user.name?.trim() || user.username;
    let isSpeaking = false;
    try {
      const response = await streamReply(
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
          },
          onThoughts: (t) => setPending((p) => p && { ...p, thoughts: p.thoughts + t }),
          onDelta: (t) => setPending((p) => p && { ...p, received: p.received + t }),
          onAudio: (a) => {
            if (!options.isVoiceOn || !options.onReplyAudioPart) return;
            isSpeaking = true;
            options.onReplyAudioPart(replyKey, a.url);
          },
        },
        controller.signal,
      );
      if (response) {
        setRemaining(response.remaining);
        setPending(
          (p) =>
            p && {
              ...p,
              received: response.reply,
              thoughts: response.internalThoughts ?? '',
              audioUrl: response.audioUrl,
              isComplete: true,
              isCutOff: response.isCutOff === true,
            },
        );
        if (isSpeaking) options.onReplyAudioEnd?.(replyKey);
        else if (options.isVoiceOn && response.audioUrlForCloudflare) {
          options.onReplyAudio(replyKey, response.audioUrlForCloudflare);
        }
      } else {
        setPending((p) => p && { ...p, isComplete: true, isStopped: true });
      }
      return 'sent';
    } catch (error) {
      setPending(null);
      // An abuse limit (too_many_requests) is no daily limit: it shows on the message with its Retry.
      if (error instanceof ReplyError && error.status === 429 && error.code !== 'too_many_requests') {
        // Spec: on 429 the Daily Limit panel opens and the message is not added.
        setLocal((list) => list.filter((m) => m.key !== userKey));
        setRemaining(0);
        options.onDailyLimit();
        return 'refused';
      }
      const body = error instanceof ReplyError ? error.body : undefined;
      if (body?.hist) adopt(body.hist);
      setRemaining(body?.remaining);
      const failure = error instanceof Error ? error.message : 'The reply failed. Please try again.';
      const failureCode = error instanceof ReplyError ? error.code : undefined;
      setLocal((list) => list.map((m) => (m.key === userKey ? { ...m, failure, failureCode } : m)));
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
    setPending((p) => p && { ...p, isStopped: true });
  }, []);

  useEffect(() => () => controllerRef.current?.abort(), []);

  /** New Chat: back to an empty conversation. */
  const reset = useCallback(() => {
    controllerRef.current?.abort();
    setPending(null);
    setLocal([]);
    setAdoptedHist(null);
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

/** Spec: the context text is the last 30 non-empty messages plus the new line (the server ignores it). */
function contextText(messages: { role: string; content: string }[]): string {
  return messages
    .filter((m) => m.content.trim() !== '')
    .slice(-CHAT_CONTEXT_MESSAGES)
    .map((m) => `${m.role}: ${m.content}`)
    .join('\n')
    .slice(-8000);
}
