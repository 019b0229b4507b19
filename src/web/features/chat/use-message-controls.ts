// The conversation controls' state and actions: edit, rewind, rate, copy, swipe, and the streamed regenerate
// and continue. Every change comes back as the chat's latest page from the server, which replaces the screen.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { TChatLog } from '../../../shared/chat.ts';
import type { TRating } from '../../../shared/controls.ts';
import { isAllowanceUsedUp } from '../../../shared/errors.ts';
import { ReplyError, usageQuery } from './chat-api.ts';
import { chooseAlternative, editMessage, rateMessage, replyAgain, rewindFrom } from './controls-api.ts';
import type { TUiMessage } from './use-chat.ts';

/** A regenerate or continue on its way: the text so far, shown in place of (or after) the reply. */
export type TStreamingReply = { position: number; mode: 'regenerate' | 'continue'; text: string };

export type TMessageControlsApi = ReturnType<typeof useMessageControls>;

export function useMessageControls(options: {
  hist: string | null;
  messages: TUiMessage[];
  isChatBusy: boolean;
  replyPath: string | undefined;
  isMemoryOn: boolean;
  isMonologueOn: boolean;
  applyPage(page: TChatLog): void;
  resync(): Promise<void>;
  /** Answers the person's (edited) last message when no reply follows it. */
  answerAgain(message: TUiMessage): void;
  onDailyLimit(): void;
  /** The fresh greeting's swipe, before the chat is stored. */
  onSwipeGreeting?(index: number): void;
}) {
  const { hist, messages } = options;
  const queryClient = useQueryClient();
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [reanswerKey, setReanswerKey] = useState<string | null>(null);
  const [rewindTarget, setRewindTarget] = useState<TUiMessage | null>(null);
  const [streaming, setStreaming] = useState<TStreamingReply | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const isBusy = options.isChatBusy || streaming !== null || isSaving;
  const visible = messages.filter((m) => m.content.trim() !== '');
  const latest = visible.at(-1);
  const lastOwn = visible.findLast((m) => m.role === 'user' && m.position !== undefined);
  const isLatest = (m: TUiMessage) => latest !== undefined && m.key === latest.key;

  /** Runs one change on the server and puts its answer on screen; a refusal shows as a toast. */
  const change = async (run: (uuid: string) => Promise<TChatLog>) => {
    if (!hist || isBusy) return false;
    setIsSaving(true);
    try {
      options.applyPage(await run(hist));
      void queryClient.invalidateQueries({ queryKey: ['chatlogs'] });
      return true;
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'That did not work. Please try again.');
      return false;
    } finally {
      setIsSaving(false);
    }
  };

  const startEdit = (m: TUiMessage) => {
    if (m.position === undefined || isBusy) return;
    setReanswerKey(null);
    setEditingKey(m.key);
  };

  const saveEdit = async (m: TUiMessage, content: string) => {
    if (m.position === undefined) return;
    const position = m.position;
    if (content.trim() === '' || content.trim() === m.content.trim()) {
      setEditingKey(null);
      return;
    }
    const isOwnLatest = lastOwn?.key === m.key;
    if (await change((uuid) => editMessage(uuid, position, content))) {
      setEditingKey(null);
      // Editing the person's latest message offers to answer it again.
      if (isOwnLatest) setReanswerKey(m.key);
    }
  };

  const stream = async (mode: 'regenerate' | 'continue', m: TUiMessage) => {
    if (!hist || m.position === undefined || isBusy || !options.replyPath) return;
    const position = m.position;
    setReanswerKey(null);
    setEditingKey(null);
    const controller = new AbortController();
    controllerRef.current = controller;
    setStreaming({ position, mode, text: '' });
    try {
      await replyAgain(
        mode,
        hist,
        position,
        {
          kind: options.replyPath === '/assistant-reply-original' ? 'local' : 'remote',
          memoryEnabled: options.isMemoryOn,
          chainOfThoughtEnabled: options.isMonologueOn,
        },
        {
          onStart: () => undefined,
          onThoughts: () => undefined,
          onDelta: (text) => setStreaming((s) => s && { ...s, text: s.text + text }),
        },
        controller.signal,
      );
      await options.resync();
    } catch (error) {
      // The day's messages are used up: the Daily Limit panel; an abuse limit is a toast like any refusal.
      if (error instanceof ReplyError && isAllowanceUsedUp(error)) options.onDailyLimit();
      else toast.error(error instanceof Error ? error.message : 'The reply failed. Please try again.');
    } finally {
      controllerRef.current = null;
      setStreaming(null);
      void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['chatlogs'] });
    }
  };

  const swipe = (m: TUiMessage, step: -1 | 1) => {
    const controls = m.controls;
    if (!controls || isBusy) return;
    const index = controls.chosen + step;
    if (index < 0 || index >= controls.alternativeCount) return;
    if (m.position === undefined) {
      options.onSwipeGreeting?.(index);
      return;
    }
    const position = m.position;
    void change((uuid) => chooseAlternative(uuid, position, index));
  };

  const rate = (m: TUiMessage, rating: 'up' | 'down') => {
    if (m.position === undefined) return;
    const position = m.position;
    const next: TRating = m.controls?.rating === rating ? null : rating;
    void change((uuid) => rateMessage(uuid, position, next));
  };

  const confirmRewind = async (forget: boolean) => {
    const target = rewindTarget;
    if (target?.position === undefined) return;
    const position = target.position;
    if (await change((uuid) => rewindFrom(uuid, position, forget))) {
      setRewindTarget(null);
      if (forget) void queryClient.invalidateQueries({ queryKey: ['memories'] });
    }
  };

  const copy = async (m: TUiMessage) => {
    try {
      await navigator.clipboard.writeText(m.content);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Copying is not allowed here');
    }
  };

  const reanswer = (m: TUiMessage) => {
    setReanswerKey(null);
    const index = visible.findIndex((v) => v.key === m.key);
    const reply = visible[index + 1];
    if (reply?.role === 'assistant' && isLatest(reply)) void stream('regenerate', reply);
    else if (isLatest(m)) options.answerAgain(m);
  };

  /** Keyboard in the empty message box: Up edits my last message, Left/Right swipe the latest reply. */
  const onEmptyBoxKey = (key: 'ArrowUp' | 'ArrowLeft' | 'ArrowRight'): boolean => {
    if (isBusy) return false;
    if (key === 'ArrowUp') {
      if (!lastOwn) return false;
      setReanswerKey(null);
      setEditingKey(lastOwn.key);
      return true;
    }
    if (latest?.role !== 'assistant' || (latest.controls?.alternativeCount ?? 1) < 2) return false;
    swipe(latest, key === 'ArrowLeft' ? -1 : 1);
    return true;
  };

  return {
    hist,
    isBusy,
    /** A regenerate or continue is streaming (the message box waits, as for a send). */
    isStreaming: streaming !== null,
    editingKey,
    reanswerKey,
    rewindTarget,
    streaming,
    isLatest,
    startEdit,
    cancelEdit: () => setEditingKey(null),
    saveEdit,
    regenerate: (m: TUiMessage) => void stream('regenerate', m),
    continueReply: (m: TUiMessage) => void stream('continue', m),
    stop: () => controllerRef.current?.abort(),
    swipe,
    rate,
    copy: (m: TUiMessage) => void copy(m),
    askRewind: (m: TUiMessage) => !isBusy && m.position !== undefined && setRewindTarget(m),
    cancelRewind: () => setRewindTarget(null),
    confirmRewind: (forget: boolean) => void confirmRewind(forget),
    reanswer,
    dismissReanswer: () => setReanswerKey(null),
    onEmptyBoxKey,
  };
}
