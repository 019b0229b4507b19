// A group chat: its members (Speak, mute, talkativeness, remove, Add character, who answers), the shared
// conversation with each reply's speaker, the message box, and auto-mode (told to a free person first).

import * as Tooltip from '@radix-ui/react-tooltip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '../../components/avatar.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { replyPathQuery, usageQuery } from '../chat/chat-api.ts';
import { MessageBox } from '../chat/message-box.tsx';
import { MessageList, type TSpeakers } from '../chat/message-list.tsx';
import { ReplyDialogs } from '../chat/reply-dialogs.tsx';
import { useAudio } from '../chat/use-audio.ts';
import { useMessageControls } from '../chat/use-message-controls.ts';
import { CrisisCard } from '../safety/crisis-card.tsx';
import { CharacterPicker } from './character-picker.tsx';
import { addMember, groupQuery } from './groups-api.ts';
import { MemberBar } from './member-bar.tsx';
import { useGroupChat } from './use-group-chat.ts';

export type TGroupPreferences = { isVoiceOn: boolean; isMonologueOn: boolean; isMemoryOn: boolean };

export function GroupChatScreen({ uuid, preferences }: { uuid: string; preferences: TGroupPreferences }) {
  const queryClient = useQueryClient();
  const group = useQuery({ ...groupQuery(uuid), retry: false });
  const replyPath = useQuery(replyPathQuery);
  const usage = useQuery(usageQuery);
  const audio = useAudio();
  const [input, setInput] = useState('');
  const [isLimitOpen, setIsLimitOpen] = useState(false);
  const [isAutoNoticeOpen, setIsAutoNoticeOpen] = useState(false);
  const [isAdding, setIsAdding] = useState(false);
  const chat = useGroupChat({
    uuid,
    ...preferences,
    kind: replyPath.data === '/assistant-reply-original' ? 'local' : 'remote',
    onDailyLimit: () => setIsLimitOpen(true),
    onAudioPart: audio.enqueue,
    onAudioEnd: audio.finish,
  });
  const controls = useMessageControls({
    hist: uuid,
    messages: chat.messages,
    isChatBusy: chat.isBusy,
    replyPath: replyPath.data,
    isMemoryOn: preferences.isMemoryOn,
    isMonologueOn: preferences.isMonologueOn,
    applyPage: chat.applyPage,
    resync: chat.resync,
    answerAgain: () => chat.answer(),
    onDailyLimit: () => setIsLimitOpen(true),
  });
  const add = useMutation({
    mutationFn: (characterId: number) => addMember(uuid, characterId),
    onSuccess: (next) => {
      queryClient.setQueryData(groupQuery(uuid).queryKey, next);
      setIsAdding(false);
    },
    onError: (e) => toast.error(e.message),
  });

  if (!group.data) {
    return (
      <main className="p-8 text-muted">
        {group.isError ? 'This group chat does not exist or is not yours.' : 'Loading group chat...'}
      </main>
    );
  }
  const members = group.data.members;
  const speakers: TSpeakers = new Map(members.map((m) => [m.characterId, m]));
  const isFree = usage.data !== undefined && !usage.data.isUnlimited;
  const remaining = isFree ? usage.data?.remaining : null;
  const names = members.map((m) => m.name).join(', ');

  const onSend = () => {
    const text = input;
    if (text.trim() === '' || chat.isBusy || controls.isBusy) return;
    setInput('');
    void chat.send(text).then((sent) => {
      if (!sent) setInput((current) => current || text);
    });
  };

  return (
    <Tooltip.Provider delayDuration={300}>
      <main className="flex h-full min-h-0 min-w-0 flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-line px-4 py-3 sm:px-6">
          <div className="flex -space-x-2">
            {members.map((m) => (
              <Avatar key={m.characterId} src={m.avatarUrl} alt="" size={32} />
            ))}
          </div>
          <div className="min-w-40 flex-1">
            <h1 className="truncate text-lg font-semibold">Group chat</h1>
            <p className="truncate text-sm text-muted">{names}</p>
          </div>
          {remaining !== null && remaining !== undefined && (
            <span className="rounded-full bg-panel-2 px-3 py-1 text-xs text-muted">
              {remaining === 1 ? '1 message left today' : `${remaining} messages left today`}
            </span>
          )}
          {chat.isAuto ? (
            <button
              type="button"
              onClick={chat.stop}
              className="flex items-center gap-1.5 rounded-xl bg-accent px-3 py-1.5 text-sm font-medium text-white"
            >
              <Pause aria-hidden className="size-4" />
              Stop auto-mode
            </button>
          ) : (
            <button
              type="button"
              disabled={chat.isBusy}
              onClick={() => (isFree ? setIsAutoNoticeOpen(true) : chat.startAuto())}
              className="flex items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 text-sm hover:bg-panel-2 disabled:opacity-50"
            >
              <Play aria-hidden className="size-4" />
              Auto-mode
            </button>
          )}
        </header>
        <MemberBar
          group={group.data}
          isBusy={chat.isBusy || controls.isBusy}
          onSpeak={chat.speak}
          onAdd={() => setIsAdding(true)}
        />
        <div className="min-h-0 flex-1 overflow-y-auto">
          {chat.messages.length === 0 && !chat.pending && !chat.isLoading && (
            <p className="px-6 pt-6 text-sm text-muted">
              Say something to the group, name someone to hear from them, or press Speak on a character.
            </p>
          )}
          <MessageList
            messages={chat.messages}
            hist={uuid}
            pending={
              chat.pending && {
                text: chat.pending.text,
                isWaiting: chat.pending.text === '',
                isComplete: false,
                speakerId: chat.pending.speakerId,
              }
            }
            characterName="The group"
            avatarUrl={null}
            speakers={speakers}
            playingKey={audio.playingKey}
            onToggleAudio={(key, url) => url && audio.toggle(key, url)}
            onRetry={() => chat.answer()}
            renderUserActions={(m) => chat.crises[m.key] && <CrisisCard card={chat.crises[m.key]!} />}
            isBusy={chat.isBusy}
            hasEarlier={false}
            isLoadingEarlier={false}
            onLoadEarlier={() => {}}
            controls={controls}
          />
          {chat.failure && (
            <p role="alert" className="px-6 pb-4 text-sm text-red-300">
              {chat.failure}
            </p>
          )}
        </div>
        <MessageBox
          value={input}
          onChange={(value) => {
            // Typing stops auto-mode: the person wants the floor.
            if (chat.isAuto) chat.stopAuto();
            setInput(value);
          }}
          onSend={onSend}
          onStop={() => {
            chat.stop();
            controls.stop();
          }}
          onEmptyKey={controls.onEmptyBoxKey}
          characterName="the group"
          isBusy={chat.isBusy || controls.isStreaming}
          canSend={Boolean(replyPath.data)}
        />
      </main>
      <ConfirmDialog
        isOpen={isAutoNoticeOpen}
        title="Start auto-mode?"
        description={`The characters talk to each other turn by turn until you type or stop it. Each character reply counts as one message against your free daily limit${
          remaining !== null && remaining !== undefined ? ` (${remaining} left today)` : ''
        }; auto-mode stops at the limit.`}
        confirmLabel="Start auto-mode"
        onCancel={() => setIsAutoNoticeOpen(false)}
        onConfirm={() => {
          setIsAutoNoticeOpen(false);
          chat.startAuto();
        }}
      />
      <CharacterPicker
        key={isAdding ? 'adding' : 'closed'}
        isOpen={isAdding}
        title="Add character"
        confirmLabel="Add to the group"
        isMany={false}
        exclude={members.map((m) => m.characterId)}
        isBusy={add.isPending}
        onCancel={() => setIsAdding(false)}
        onConfirm={([id]) => id !== undefined && add.mutate(id)}
      />
      <ReplyDialogs
        isLimitOpen={isLimitOpen}
        onCloseLimit={() => setIsLimitOpen(false)}
        controls={controls}
      />
    </Tooltip.Provider>
  );
}
