// /chat/:characterId (?hist=<chat log uuid>): the chat screen; a new character starts a fresh screen.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ChatScreen } from '../features/chat/chat-screen.tsx';
import { useChatSettings } from '../features/settings/use-chat-settings.ts';

export function ChatRoute() {
  const { characterId } = useParams();
  const [params] = useSearchParams();
  const hist = params.get('hist') || null;
  // Spec §9 defaults (voice playback on, internal monologue off, memory on) until the person chooses;
  // then their choice, kept on the server. The panel starts open where it fits.
  const settings = useChatSettings();
  const [isPanelOpen, setIsPanelOpen] = useState(() => window.innerWidth >= 768);
  const id = Number(characterId);
  if (!Number.isInteger(id) || id <= 0) return <main className="p-8 text-muted">Loading character...</main>;
  return (
    <ChatScreen
      // Changing character resets the conversation and stops audio: a fresh screen.
      key={id}
      characterId={id}
      hist={hist}
      preferences={{
        isVoiceOn: settings.voicePlayback,
        setIsVoiceOn: (on) => settings.change({ voicePlayback: on }),
        isMonologueOn: settings.internalMonologue,
        setIsMonologueOn: (on) => settings.change({ internalMonologue: on }),
        isMemoryOn: settings.characterMemory,
        setIsMemoryOn: (on) => settings.change({ characterMemory: on }),
        isPanelOpen,
        setIsPanelOpen,
      }}
    />
  );
}
