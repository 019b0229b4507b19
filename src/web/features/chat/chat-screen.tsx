// The chat screen (spec: Chat screen, States and transitions): header, toggle row, character, conversation,
// message box and the right-hand panel, with the History drawer and the Daily Limit panel.

import * as Tooltip from '@radix-ui/react-tooltip';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TCrisisCard } from '../../../shared/safety.ts';
import { useDrawer } from '../../components/drawer.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { RememberButton } from '../memories/remember-button.tsx';
import { NoModelNotice, useNoModelOnOpen } from '../model-download/no-model-notice.tsx';
import { AiNotice } from '../safety/ai-disclosure.tsx';
import { CrisisCard } from '../safety/crisis-card.tsx';
import { MicButton } from '../voice/mic-button.tsx';
import { useMessageAudio } from '../voice/use-message-audio.ts';
import { CharacterHeader } from './character-header.tsx';
import { personaQuery, replyPathQuery, usageQuery } from './chat-api.ts';
import { ChatDrawers } from './chat-drawers.tsx';
import { ChatPanel } from './chat-panel.tsx';
import type { TChatPreferences } from './chat-preferences.ts';
import { ChatSettingsBar, ChatTitleBar } from './chat-settings-bar.tsx';
import { MessageBox } from './message-box.tsx';
import { MessageList } from './message-list.tsx';
import { ReplyDialogs } from './reply-dialogs.tsx';
import { saveBeforeNewChat } from './save-before-new-chat.ts';
import { useAudio } from './use-audio.ts';
import { useChat } from './use-chat.ts';
import { useGreeting } from './use-greeting.ts';
import { useMessageControls } from './use-message-controls.ts';
import { useOpenLatestChat } from './use-open-latest-chat.ts';

export function ChatScreen({
  characterId,
  hist,
  focusPosition = null,
  preferences,
  renderAddCharacter,
}: {
  characterId: number;
  hist: string | null;
  /** ?at=: the message a memory was taken from, shown highlighted. */
  focusPosition?: number | null;
  preferences: TChatPreferences;
  /** The panel's 'Add character' for this chat (null: not saved yet), given by the route. */
  renderAddCharacter: (hist: string | null) => ReactNode;
}) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const persona = useQuery(personaQuery(characterId));
  const replyPath = useQuery(replyPathQuery);
  const usage = useQuery(usageQuery);
  const audio = useAudio();
  const messageAudio = useMessageAudio(audio, { characterId, hist });
  const history = useDrawer();
  const drawers = { memories: useDrawer(), history, lorebooks: useDrawer() };
  const [input, setInput] = useState('');
  const [isLimitOpen, setIsLimitOpen] = useState(false);
  const { isVoiceOn, isMonologueOn, isMemoryOn } = preferences;
  const noModel = useNoModelOnOpen();

  // The character's own flag (the server enforces it too): a person's own "Thanos" keeps its memory.
  const isMemoryDisabled = persona.data?.memoryDisabled === true;
  const chatUrl = (uuid?: string) => `/chat/${characterId}${uuid ? `?hist=${uuid}` : ''}`;

  const greeting = useGreeting(characterId);
  // Crisis cards by the key of the message that read like a crisis, shown above its reply.
  const [crises, setCrises] = useState<Record<string, TCrisisCard>>({});
  const chat = useChat({
    onCrisis: (key, card) => setCrises((all) => ({ ...all, [key]: card })),
    characterId,
    hist,
    user,
    persona: persona.data,
    replyPath: replyPath.data,
    isMemoryOn: isMemoryOn && !isMemoryDisabled,
    isMonologueOn,
    isVoiceOn,
    onAdoptHist: (uuid) => navigate(chatUrl(uuid), { replace: true }),
    onDailyLimit: () => setIsLimitOpen(true),
    onReplyAudio: audio.play,
    onReplyAudioPart: audio.enqueue,
    onReplyAudioEnd: audio.finish,
    onBeforeSend: audio.stop,
    openWithGreeting: greeting.open,
  });
  const latestChat = useOpenLatestChat({
    userId: user.id,
    characterId,
    hist,
    isChatEmpty: chat.messages.length === 0,
    onOpen: (uuid) => navigate(chatUrl(uuid), { replace: true }),
  });
  // Conversation controls: a new chat shows the greeting (stored with the first send), then the controls.
  const freshGreeting =
    !hist && latestChat.isDone && !chat.messages.some((m) => m.controls?.isGreeting)
      ? greeting.message
      : null;
  const shownMessages = freshGreeting ? [freshGreeting, ...chat.messages] : chat.messages;
  const controls = useMessageControls({
    hist: chat.hist,
    messages: shownMessages,
    isChatBusy: chat.isBusy,
    replyPath: replyPath.data,
    isMemoryOn: isMemoryOn && !isMemoryDisabled,
    isMonologueOn,
    applyPage: chat.applyPage,
    resync: chat.resync,
    answerAgain: (m) => void chat.retry(m),
    onDailyLimit: () => setIsLimitOpen(true),
    onSwipeGreeting: greeting.choose,
  });

  useEffect(() => {
    if (persona.error) console.error('The character could not be loaded', persona.error);
    if (replyPath.error) console.error('The health check failed; sending stays blocked', replyPath.error);
  }, [persona.error, replyPath.error]);

  const stopAll = () => {
    chat.stop();
    audio.stop();
  };
  const startFresh = () => {
    chat.reset();
    latestChat.markDone();
    navigate(chatUrl(), { replace: true });
  };
  const openChat = (uuid: string) => {
    stopAll();
    history.close();
    navigate(chatUrl(uuid));
  };

  // Enter before the reply path is known (the health check is still out) is kept and sent when it is,
  // rather than dropped with the text left in the box.
  const [isSendWaiting, setIsSendWaiting] = useState(false);
  const onSend = () => {
    const text = input;
    if (text.trim() === '' || controls.isBusy || !persona.data) return;
    if (!replyPath.data) {
      if (replyPath.isPending) setIsSendWaiting(true);
      return;
    }
    setIsSendWaiting(false);
    setInput('');
    noModel.onSend();
    void chat.send(text).then((result) => {
      if (result === 'refused') setInput((current) => current || text);
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: sends once, when the reply path becomes known
  useEffect(() => {
    if (isSendWaiting && replyPath.data) onSend();
  }, [isSendWaiting, replyPath.data]);

  const onNewChat = async () => {
    stopAll();
    await saveBeforeNewChat(queryClient, { userId: user.id, characterId, hist, messages: chat.messages });
    startFresh();
  };

  if (!persona.data) {
    return (
      <main className="p-8 text-muted">
        {persona.isError ? 'This character could not be loaded.' : 'Loading character...'}
      </main>
    );
  }
  const character = persona.data;

  return (
    <Tooltip.Provider delayDuration={300}>
      <div className="flex h-full min-h-0">
        <main className="flex min-w-0 flex-1 flex-col">
          <ChatTitleBar remaining={usage.data && !usage.data.isUnlimited ? usage.data.remaining : null} />

          <ChatSettingsBar
            userId={user.id}
            characterId={characterId}
            characterName={character.name}
            preferences={preferences}
            isMemoryDisabled={isMemoryDisabled}
            onOpenChat={openChat}
            onVoiceOff={audio.stop}
          />

          <CharacterHeader character={character} userId={user.id} />

          <AiNotice />
          <div className="min-h-0 flex-1 overflow-y-auto">
            <MessageList
              messages={shownMessages}
              focusPosition={focusPosition}
              hist={chat.hist}
              pending={chat.pending}
              characterName={character.name}
              avatarUrl={character.avatarUrl}
              playingKey={audio.playingKey}
              onToggleAudio={messageAudio.toggle}
              onRetry={(m) => {
                noModel.onSend();
                void chat.retry(m);
              }}
              isBusy={chat.isBusy}
              hasEarlier={chat.hasEarlier}
              isLoadingEarlier={chat.isLoadingEarlier}
              onLoadEarlier={chat.loadEarlier}
              renderUserActions={(m) => (
                <>
                  {crises[m.key] && <CrisisCard card={crises[m.key]!} />}
                  {!isMemoryDisabled && (
                    <RememberButton
                      userId={user.id}
                      characterId={characterId}
                      content={m.content}
                      reply={chat.messages[chat.messages.indexOf(m) + 1]?.content}
                    />
                  )}
                </>
              )}
              renderFailure={(m) =>
                m.failureCode === 'model_unavailable' ? <NoModelNotice isAfterSend /> : null
              }
              controls={controls}
            />
            {noModel.isShown && !chat.messages.some((m) => m.failureCode === 'model_unavailable') && (
              <div className="px-4 pb-6 sm:px-8">
                <NoModelNotice isAfterSend={chat.messages.some((m) => m.failure !== undefined)} />
              </div>
            )}
          </div>

          <MessageBox
            value={input}
            onChange={setInput}
            onSend={onSend}
            onStop={() => {
              chat.stop();
              controls.stop();
            }}
            onEmptyKey={controls.onEmptyBoxKey}
            characterName={character.name}
            isBusy={chat.isBusy || controls.isStreaming}
            canSend={Boolean(replyPath.data)}
            mic={
              <MicButton onText={(text) => setInput((v) => (v.trim() ? `${v.trimEnd()} ${text}` : text))} />
            }
          />
        </main>

        {preferences.isPanelOpen && (
          <ChatPanel
            onClose={() => preferences.setIsPanelOpen(false)}
            onNewChat={() => void onNewChat()}
            drawers={drawers}
            addCharacter={renderAddCharacter(chat.hist)}
            isMonologueOn={isMonologueOn}
            setIsMonologueOn={preferences.setIsMonologueOn}
          />
        )}
      </div>

      <ChatDrawers
        drawers={drawers}
        userId={user.id}
        characterId={characterId}
        characterName={character.name}
        hist={chat.hist}
        isMemoryDisabled={isMemoryDisabled}
        onOpenChat={openChat}
        onDeletedChat={(uuid) => {
          if (uuid !== chat.hist) return;
          stopAll();
          startFresh();
        }}
        onOpenMemorySource={() => {
          // On narrow screens the panel lies over the chat: the message the memory came from shows.
          if (window.matchMedia('(max-width: 767px)').matches) preferences.setIsPanelOpen(false);
        }}
      />
      <ReplyDialogs
        isLimitOpen={isLimitOpen}
        onCloseLimit={() => setIsLimitOpen(false)}
        controls={controls}
      />
    </Tooltip.Provider>
  );
}
