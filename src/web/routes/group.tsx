// /group/:uuid: a group chat (History and the sidebar open it through /chat/{id}?hist=, which comes here).
import { useParams } from 'react-router';
import { GroupChatScreen } from '../features/groups/group-chat-screen.tsx';
import { useChatSettings } from '../features/settings/use-chat-settings.ts';

export function GroupRoute() {
  const { uuid = '' } = useParams();
  const settings = useChatSettings();
  return (
    <GroupChatScreen
      key={uuid}
      uuid={uuid}
      preferences={{
        isVoiceOn: settings.voicePlayback,
        isMonologueOn: settings.internalMonologue,
        isMemoryOn: settings.characterMemory,
      }}
    />
  );
}
