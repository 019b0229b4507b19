// A group chat's conversation: the stored messages, the person's message and the turns that answer it
// (streamed one after another, each with its speaker), 'Speak', and auto-mode with a pause between turns.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChatLog } from '../../../shared/chat.ts';
import { AUTO_MODE_DELAY_MS } from '../../../shared/group-limits.ts';
import type { TCrisisCard } from '../../../shared/safety.ts';
import { chatLogPage, ReplyError, streamReply, usageQuery } from '../chat/chat-api.ts';
import { fromStored } from '../chat/use-chat.ts';
import { writeInGroup } from './groups-api.ts';

type TTurnResult = 'ok' | 'limit' | 'failed' | 'stopped';
export type TGroupPending = { speakerId?: number; text: string };

export function useGroupChat(options: {
  uuid: string;
  isMemoryOn: boolean;
  isMonologueOn: boolean;
  isVoiceOn: boolean;
  kind: 'local' | 'remote';
  onDailyLimit(): void;
  onAudioPart?(key: string, url: string): void;
  onAudioEnd?(key: string): void;
}) {
  const { uuid } = options;
  const queryClient = useQueryClient();
  const logKey = ['group-log', uuid];
  const log = useQuery({ queryKey: logKey, queryFn: () => chatLogPage(uuid) });
  const [pending, setPending] = useState<TGroupPending | null>(null);
  const [isAuto, setIsAuto] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Crisis cards by the key of the person's message that read like a crisis, shown above its replies.
  const [crises, setCrises] = useState<Record<string, TCrisisCard>>({});
  const autoRef = useRef(false);
  const controllerRef = useRef<AbortController | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const messages = (log.data?.conversation ?? []).map((m) => fromStored(m));
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  useEffect(() => () => controllerRef.current?.abort(), []);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ['group-log', uuid] });
    void queryClient.invalidateQueries({ queryKey: usageQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: ['chatlogs'] });
  }, [queryClient, uuid]);

  /** One character's turn (the named one, or the next one), streamed; resolves when it is stored. */
  const runTurn = useCallback(
    async (characterId?: number): Promise<TTurnResult> => {
      const o = optionsRef.current;
      const controller = new AbortController();
      controllerRef.current = controller;
      setFailure(null);
      setPending({ speakerId: characterId, text: '' });
      const key = `turn-${Date.now()}`;
      try {
        const done = await streamReply(
          `/api/groups/${uuid}/turn`,
          {
            characterId,
            memoryEnabled: o.isMemoryOn,
            chainOfThoughtEnabled: o.isMonologueOn,
            isPlayingAudio: o.isVoiceOn,
            kind: o.kind,
          },
          {
            onStart: (start) => {
              setPending({ speakerId: start.speakerId, text: '' });
              const answered = messagesRef.current.findLast((m) => m.role === 'user');
              const card = start.crisis;
              if (card && answered) setCrises((all) => ({ ...all, [answered.key]: card }));
            },
            onThoughts: () => {},
            onDelta: (text) => setPending((p) => p && { ...p, text: p.text + text }),
            onAudio: (audio) => o.isVoiceOn && o.onAudioPart?.(key, audio.url),
          },
          controller.signal,
        );
        if (o.isVoiceOn) o.onAudioEnd?.(key);
        return done === null ? 'stopped' : 'ok';
      } catch (error) {
        if (error instanceof ReplyError && error.status === 429 && error.code !== 'too_many_requests') {
          o.onDailyLimit();
          return 'limit';
        }
        setFailure(error instanceof Error ? error.message : 'The reply failed. Please try again.');
        return 'failed';
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        await refresh();
        setPending(null);
      }
    },
    [uuid, refresh],
  );

  const stopAuto = useCallback(() => {
    autoRef.current = false;
    setIsAuto(false);
  }, []);

  /** Stops whatever is running: auto-mode, and the turn streaming now (what arrived is kept). */
  const stop = useCallback(() => {
    stopAuto();
    controllerRef.current?.abort();
  }, [stopAuto]);

  const isBusy = pending !== null;

  /** The person writes: stored, then each planned speaker answers in turn. */
  async function send(text: string): Promise<boolean> {
    const userInput = text.trim();
    if (userInput === '' || isBusy) return false;
    stopAuto();
    setPending({ text: '' });
    let speakers: number[];
    try {
      const o = optionsRef.current;
      ({ speakers } = await writeInGroup(uuid, { userInput, memoryEnabled: o.isMemoryOn, kind: o.kind }));
    } catch (error) {
      setPending(null);
      setFailure(error instanceof Error ? error.message : 'The message could not be sent.');
      return false;
    }
    await refresh();
    setPending(null);
    for (const id of speakers) {
      if ((await runTurn(id)) !== 'ok') break;
    }
    return true;
  }

  /** Auto-mode: the characters talk turn by turn, a pause between, until stopped or the limit. */
  async function startAuto() {
    if (autoRef.current || isBusy) return;
    autoRef.current = true;
    setIsAuto(true);
    while (autoRef.current) {
      if ((await runTurn()) !== 'ok') break;
      await new Promise((resolve) => setTimeout(resolve, AUTO_MODE_DELAY_MS));
    }
    stopAuto();
  }

  return {
    log: log.data as TChatLog | undefined,
    isLoading: log.isLoading,
    isMissing: log.isError,
    messages,
    crises,
    pending,
    failure,
    isBusy,
    isAuto,
    send,
    speak: (characterId: number) => void runTurn(characterId),
    answer: () => void runTurn(),
    startAuto: () => void startAuto(),
    stopAuto,
    stop,
    applyPage: (next: TChatLog) => queryClient.setQueryData(logKey, next),
    resync: refresh,
  };
}
