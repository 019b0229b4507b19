// The chat screen's top rows: the title with the day's messages left, and the toggle row (notifications,
// the panel and Character Memory switches, voice playback).
import { PanelRight, Volume2, VolumeX } from 'lucide-react';
import { Switch } from '../../components/switch.tsx';
import { WithTooltip } from '../../components/with-tooltip.tsx';
import type { TChatPreferences } from './chat-preferences.ts';
import { Notifications } from './notifications.tsx';

const MEMORY_TOOLTIP =
  "Character Memory helps your companion remember important moments and feelings you've shared. You can turn it off anytime.";

export function ChatSettingsBar({
  userId,
  characterId,
  characterName,
  preferences,
  isMemoryDisabled,
  onOpenChat,
  onVoiceOff,
}: {
  userId: number;
  characterId: number;
  characterName: string;
  preferences: TChatPreferences;
  isMemoryDisabled: boolean;
  onOpenChat: (uuid: string) => void;
  onVoiceOff: () => void;
}) {
  const { isVoiceOn, isMemoryOn } = preferences;
  return (
    <div
      role="toolbar"
      aria-label="Chat settings"
      className="flex flex-wrap items-center gap-1 border-b border-line px-2 py-1.5 sm:px-4"
    >
      <Notifications
        userId={userId}
        characterId={characterId}
        characterName={characterName}
        onOpenChat={onOpenChat}
      />
      <WithTooltip text="Toggle Character Drawer">
        <Switch label="Character Drawer" isOn={preferences.isPanelOpen} onChange={preferences.setIsPanelOpen}>
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
            if (isVoiceOn) onVoiceOff();
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
  );
}

/** 'Chat' and, on the free plan, how many messages are left today. */
export function ChatTitleBar({ remaining }: { remaining: number | null }) {
  return (
    <header className="flex items-center justify-between gap-4 border-b border-line px-4 py-3 sm:px-6">
      <span className="font-semibold">Chat</span>
      {remaining !== null && (
        <span className="rounded-full bg-panel-2 px-3 py-1 text-xs text-muted">
          {remaining === 1 ? '1 message left today' : `${remaining} messages left today`}
        </span>
      )}
    </header>
  );
}
