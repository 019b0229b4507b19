// The chat screen (spec: Chat screen, States and transitions): header, toggle row, character, conversation,
// message box and the right-hand panel, with the History drawer and the Daily Limit panel.
import * as Tooltip from '@radix-ui/react-tooltip';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BookOpen, Brain, History, MessageSquarePlus, PanelRight, Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import type { TCrisisCard } from '../../../shared/safety.ts';
import { Avatar } from '../../components/avatar.tsx';
import { useDrawer } from '../../components/drawer.tsx';
import { Switch } from '../../components/switch.tsx';
import { WithTooltip } from '../../components/with-tooltip.tsx';
import { useSignedInUser } from '../../lib/session.ts';
import { ExportCardMenu } from '../characters/export-card-menu.tsx';
import { OwnCharacterMenu } from '../characters/own-character-menu.tsx';
import { AddCharacterButton } from '../groups/start-group-button.tsx';
import { ChatLorebooksDrawer } from '../lorebooks/chat-lorebooks-drawer.tsx';
import { MemoriesDrawer } from '../memories/memories-drawer.tsx';
import { RememberButton } from '../memories/remember-button.tsx';
import { NoModelNotice, useNoModelOnOpen } from '../model-download/no-model-notice.tsx';
import { AiDisclosureLine, AiNotice } from '../safety/ai-disclosure.tsx';
import { CrisisCard } from '../safety/crisis-card.tsx';
import { ReportButton } from '../safety/report-dialog.tsx';
import { MicButton } from '../voice/mic-button.tsx';
import { useMessageAudio } from '../voice/use-message-audio.ts';
import { chatLogsQuery, personaQuery, replyPathQuery, saveChatLog, usageQuery } from './chat-api.ts';
import { DailyLimitDialog } from './daily-limit-dialog.tsx';
import { HistoryDrawer } from './history-drawer.tsx';
import { MessageBox } from './message-box.tsx';
import { MessageList } from './message-list.tsx';
import { Notifications } from './notifications.tsx';
import { RewindDialog } from './rewind-dialog.tsx';
import { useAudio } from './use-audio.ts';
import { useChat } from './use-chat.ts';
import { useGreeting } from './use-greeting.ts';
import { useMessageControls } from './use-message-controls.ts';

const MEMORY_TOOLTIP =
  "Character Memory helps your companion remember important moments and feelings you've shared. You can turn it off anytime.";

/** Switches that outlive a change of character and a reload (spec §9 defaults: voice on, monologue off, memory on). */
export type TChatPreferences = {
  isVoiceOn: boolean;
  setIsVoiceOn: (on: boolean) => void;
  isMonologueOn: boolean;
  setIsMonologueOn: (on: boolean) => void;
  isMemoryOn: boolean;
  setIsMemoryOn: (on: boolean) => void;
  isPanelOpen: boolean;
  setIsPanelOpen: (open: boolean) => void;
};

export function ChatScreen({
  characterId,
  hist,
  focusPosition = null,
  preferences,
}: {
  characterId: number;
  hist: string | null;
  /** ?at=: the message a memory was taken from, shown highlighted. */
  focusPosition?: number | null;
  preferences: TChatPreferences;
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
  const memoryDrawer = useDrawer();
  const loreDrawer = useDrawer();
  const [input, setInput] = useState('');
  const [isLimitOpen, setIsLimitOpen] = useState(false);
  const [isAutoLoadDone, setIsAutoLoadDone] = useState(hist !== null);
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
  // Conversation controls: a new chat shows the greeting (stored with the first send), then the controls.
  const freshGreeting =
    !hist && isAutoLoadDone && !chat.messages.some((m) => m.controls?.isGreeting) ? greeting.message : null;
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

  // Spec: opened without hist, the latest 'text' chat with this character is loaded (replace), once;
  // not after New Chat.
  const logs = useQuery({ ...chatLogsQuery(user.id, characterId), enabled: !isAutoLoadDone });
  useEffect(() => {
    // A cached list may be stale (a chat started since it was read): only a fresh one decides.
    if (isAutoLoadDone || !logs.data || logs.isFetching) return;
    setIsAutoLoadDone(true);
    const latest = logs.data.find((l) => l.source === 'text');
    if (!hist && latest && chat.messages.length === 0) navigate(chatUrl(latest.uuid), { replace: true });
  });

  useEffect(() => {
    if (persona.error) console.error('The character could not be loaded', persona.error);
    if (replyPath.error) console.error('The health check failed; sending stays blocked', replyPath.error);
  }, [persona.error, replyPath.error]);

  const openChat = (uuid: string) => {
    chat.stop();
    audio.stop();
    history.close();
    navigate(chatUrl(uuid));
  };

  const onSend = () => {
    const text = input;
    if (text.trim() === '' || controls.isBusy || !replyPath.data || !persona.data) return;
    setInput('');
    noModel.onSend();
    void chat.send(text).then((result) => {
      if (result === 'refused') setInput((current) => current || text);
    });
  };

  const onNewChat = async () => {
    chat.stop();
    audio.stop();
    const spoken = chat.messages.filter((m) => m.content.trim() !== '');
    if (!hist && spoken.length > 0) {
      try {
        await saveChatLog({
          userId: user.id,
          characterId,
          // Spec: a conversation starts with one empty user placeholder message.
          conversation: [
            { role: 'user', content: '' },
            ...chat.messages.map((m) => ({ role: m.role, content: m.content })),
          ],
          source: 'text',
        });
        toast.success('Chat saved successfully!');
        void queryClient.invalidateQueries({ queryKey: ['chatlogs', user.id, characterId] });
      } catch (error) {
        console.error('Saving the chat failed', error);
      }
    } else if (hist) {
      toast.success('New Chat Started!');
    }
    chat.reset();
    setIsAutoLoadDone(true);
    navigate(chatUrl(), { replace: true });
  };

  if (!persona.data) {
    return (
      <main className="p-8 text-muted">
        {persona.isError ? 'This character could not be loaded.' : 'Loading character...'}
      </main>
    );
  }
  const character = persona.data;
  const remaining = usage.data && !usage.data.isUnlimited ? usage.data.remaining : null;

  return (
    <Tooltip.Provider delayDuration={300}>
      <div className="flex h-full min-h-0">
        <main className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-4 border-b border-line px-4 py-3 sm:px-6">
            <span className="font-semibold">Chat</span>
            {remaining !== null && (
              <span className="rounded-full bg-panel-2 px-3 py-1 text-xs text-muted">
                {remaining === 1 ? '1 message left today' : `${remaining} messages left today`}
              </span>
            )}
          </header>

          <div
            role="toolbar"
            aria-label="Chat settings"
            className="flex flex-wrap items-center gap-1 border-b border-line px-2 py-1.5 sm:px-4"
          >
            <Notifications
              userId={user.id}
              characterId={characterId}
              characterName={character.name}
              onOpenChat={openChat}
            />
            <WithTooltip text="Toggle Character Drawer">
              <Switch
                label="Character Drawer"
                isOn={preferences.isPanelOpen}
                onChange={preferences.setIsPanelOpen}
              >
                <PanelRight aria-hidden className="size-4 text-muted" />
              </Switch>
            </WithTooltip>
            <WithTooltip text={MEMORY_TOOLTIP}>
              <Switch
                label="Character Memory"
                isOn={isMemoryOn && !isMemoryDisabled}
                onChange={preferences.setIsMemoryOn}
                isDisabled={isMemoryDisabled}
              >
                <span className="text-muted">Character Memory</span>
              </Switch>
            </WithTooltip>
            {isMemoryDisabled && <span className="text-xs text-amber-400">⚠ Corrupted Memory Access</span>}
            <WithTooltip text={isVoiceOn ? 'Disable Voice Playback' : 'Enable Voice Playback'}>
              <button
                type="button"
                aria-label={isVoiceOn ? 'Disable Voice Playback' : 'Enable Voice Playback'}
                aria-pressed={isVoiceOn}
                onClick={() => {
                  if (isVoiceOn) audio.stop();
                  preferences.setIsVoiceOn(!isVoiceOn);
                }}
                className="ml-auto rounded-lg p-2 text-muted hover:bg-panel-2 hover:text-white"
              >
                {isVoiceOn ? (
                  <Volume2 aria-hidden className="size-5" />
                ) : (
                  <VolumeX aria-hidden className="size-5" />
                )}
              </button>
            </WithTooltip>
          </div>

          <div className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
            <Avatar src={character.avatarUrl} alt={character.name} size={48} />
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg font-semibold">{character.name}</h1>
              <p className="truncate text-sm text-muted">{character.tagline}</p>
              <AiDisclosureLine characterName={character.name} />
            </div>
            <ExportCardMenu characterId={character.id} characterName={character.name} />
            {character.userId === user.id ? (
              <OwnCharacterMenu character={character} />
            ) : (
              <ReportButton
                label="Report this character"
                target={{ kind: 'character', characterId: character.id }}
                className="flex shrink-0 items-center rounded-lg border border-line px-2.5 py-1.5 text-sm text-muted hover:bg-panel-2 hover:text-white"
                withText
              />
            )}
          </div>

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
          // On narrow screens the panel lies over the chat; a tap beside it closes it.
          <div
            aria-hidden
            onClick={() => preferences.setIsPanelOpen(false)}
            className="fixed inset-0 z-20 bg-black/50 md:hidden"
          />
        )}
        {preferences.isPanelOpen && (
          <aside
            aria-label="Chat panel"
            className="fixed inset-y-0 right-0 z-30 flex w-64 shrink-0 flex-col gap-2 border-l border-line bg-panel p-4 shadow-2xl md:static md:shadow-none"
          >
            <button
              type="button"
              onClick={() => preferences.setIsPanelOpen(false)}
              aria-label="Close panel"
              className="flex size-11 items-center justify-center self-end rounded-lg text-muted hover:bg-panel-2 md:hidden"
            >
              <X aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => void onNewChat()}
              className="flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2"
            >
              <MessageSquarePlus aria-hidden className="size-4" />
              New Chat
            </button>
            <button
              type="button"
              onClick={memoryDrawer.toggle}
              aria-expanded={memoryDrawer.isOpen}
              className="flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2"
            >
              <Brain aria-hidden className="size-4" />
              Memories
            </button>
            <button
              type="button"
              onClick={history.toggle}
              aria-expanded={history.isOpen}
              className="flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2"
            >
              <History aria-hidden className="size-4" />
              History
            </button>
            <button
              type="button"
              onClick={loreDrawer.toggle}
              aria-expanded={loreDrawer.isOpen}
              className="flex items-center gap-2 rounded-xl border border-line px-3 py-2.5 hover:bg-panel-2"
            >
              <BookOpen aria-hidden className="size-4" />
              Lorebooks
            </button>
            <AddCharacterButton characterId={characterId} hist={chat.hist} />
            <div className="mt-2 rounded-xl border border-line p-2">
              <Switch
                label="Internal Monologue"
                isOn={isMonologueOn}
                onChange={preferences.setIsMonologueOn}
                className="w-full justify-between text-left"
              >
                <span>Internal Monologue</span>
              </Switch>
              <p className="mt-1 px-2 text-xs text-muted">Adds emotional depth, slightly slower response.</p>
            </div>
          </aside>
        )}
      </div>

      <HistoryDrawer
        userId={user.id}
        characterId={characterId}
        state={history.state}
        onClose={history.close}
        onOpenChat={openChat}
        onDeletedChat={(uuid) => {
          if (uuid !== chat.hist) return;
          chat.stop();
          audio.stop();
          chat.reset();
          setIsAutoLoadDone(true);
          navigate(chatUrl(), { replace: true });
        }}
      />
      <MemoriesDrawer
        userId={user.id}
        characterId={characterId}
        state={memoryDrawer.state}
        onClose={memoryDrawer.close}
        canRemember={!isMemoryDisabled}
        onOpenSource={() => {
          memoryDrawer.close();
          // On narrow screens the panel lies over the chat: the message the memory came from shows.
          if (window.matchMedia('(max-width: 767px)').matches) preferences.setIsPanelOpen(false);
        }}
      />
      <ChatLorebooksDrawer
        characterId={characterId}
        characterName={character.name}
        hist={chat.hist}
        state={loreDrawer.state}
        onClose={loreDrawer.close}
      />
      <DailyLimitDialog isOpen={isLimitOpen} onClose={() => setIsLimitOpen(false)} />
      <RewindDialog
        isOpen={controls.rewindTarget !== null}
        onCancel={controls.cancelRewind}
        onConfirm={controls.confirmRewind}
      />
    </Tooltip.Provider>
  );
}
