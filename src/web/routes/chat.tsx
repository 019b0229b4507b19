// /chat/:characterId (?hist=<chat log uuid>, &at=<message position>): the chat screen; a new character starts a fresh screen.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { TChatLog } from '../../shared/chat.ts';
import { ChatScreen } from '../features/chat/chat-screen.tsx';
import { AddCharacterButton } from '../features/groups/start-group-button.tsx';
import { useChatSettings } from '../features/settings/use-chat-settings.ts';
import { api } from '../lib/api.ts';

export function ChatRoute() {
  const { characterId } = useParams();
  const [params] = useSearchParams();
  const hist = params.get('hist') || null;
  // A memory's source link: the message it was taken from (its position in the chat).
  const at = Number.parseInt(params.get('at') ?? '', 10);
  // Spec §9 defaults (voice playback on, internal monologue off, memory on) until the person chooses;
  // then their choice, kept on the server. The panel starts open where it fits.
  const settings = useChatSettings();
  const [isPanelOpen, setIsPanelOpen] = useState(() => window.innerWidth >= 768);
  // A group chat opens like any chat (History, the sidebar: ?hist=) and shows on its own screen.
  const kind = useQuery({
    queryKey: ['chatlog-kind', hist],
    queryFn: () => api<TChatLog>(`/api/chatlogs/${hist}?limit=1`),
    enabled: hist !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const id = Number(characterId);
  if (hist && kind.data?.isGroup) return <Navigate to={`/group/${hist}`} replace />;
  if (!Number.isInteger(id) || id <= 0) return <main className="p-8 text-muted">Loading character...</main>;
  return (
    <ChatScreen
      // Changing character resets the conversation and stops audio: a fresh screen.
      key={id}
      characterId={id}
      hist={hist}
      focusPosition={hist && Number.isInteger(at) ? at : null}
      renderAddCharacter={(chatHist) => <AddCharacterButton characterId={id} hist={chatHist} />}
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
