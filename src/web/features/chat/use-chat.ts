// The conversation on screen: the stored chat (paged), messages sent here, and the reply being streamed.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TPersona } from '../../../shared/characters.ts';
import { CHAT_CONTEXT_MESSAGES, type TChatMessage, type TDailyUsage } from '../../../shared/chat.ts';
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
  /** The server's error code for the failure (model_unavailable offers the model download). */
  failureCode?: string;
  /** Where a stored message sits in its chat log. */
  position?: number;
};

/** The reply being received and typed out. */
type TPending = {
  replyKey: string;
  received: string;
  thoughts: string;
  isComplete: boolean;
  isStopped: boolean;
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
  onReplyAudio(key: string, url: string): void;
  /** Voice: a sentence of the reply is ready while the rest streams; then the reply's audio is done. */
  onReplyAudioPart?(key: string, url: string): void;
  onReplyAudioEnd?(key: string): void;
  onBeforeSend(): void;
};

let keyCounter = 0;
const newKey = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++keyCounter}`;

const fromStored = (m: TChatMessage): TUiMessage => ({
  key: `stored-${m.position}`,
  role: m.role,
  content: m.content,
  internalThoughts: m.internalThoughts,
  audioUrl: m.audioUrl,
  position: m.position,
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

  // Another chat log was opened (History, a notification, New Chat): start from its stored messages.
  // Adopting the uuid of the chat started here keeps what is on screen.
  if (hist !== shownHist) {
    setShownHist(hist);
    if (hist !== adoptedHist) {
      setLocal([]);
      setAdoptedHist(null);
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
      ? (stored.data?.pages.flatMap((p) => p.conversation) ?? []).map(fromStored)
      : [];
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
      },
    ]);
  }, [pending, isTypedOut]);

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
      audioUrl: null,
    });
    const histAtSend = sendHist;
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
      if (error instanceof ReplyError && error.status === 429) {
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
