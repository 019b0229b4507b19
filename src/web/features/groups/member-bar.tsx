// A group chat's members: each with 'Speak', mute, talkativeness and remove; who answers; 'Add character'.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Megaphone, UserPlus, Volume2, VolumeX, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { GROUP_MAX_MEMBERS, GROUP_MIN_MEMBERS, REPLY_ORDERS } from '../../../shared/group-limits.ts';
import type { TGroupChat, TReplyOrder } from '../../../shared/groups.ts';
import { Avatar } from '../../components/avatar.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { changeMember, groupQuery, removeMember, setReplyOrder } from './groups-api.ts';

const ORDER_LABELS: Record<TReplyOrder, string> = {
  natural: 'Natural (who is named, then by talkativeness)',
  list: 'List order (everyone)',
  pooled: 'Pooled (one who has not spoken yet)',
  manual: 'Manual (I pick with Speak)',
};

export function MemberBar({
  group,
  isBusy,
  onSpeak,
  onAdd,
}: {
  group: TGroupChat;
  isBusy: boolean;
  onSpeak: (characterId: number) => void;
  onAdd: () => void;
}) {
  const queryClient = useQueryClient();
  const put = (next: TGroupChat) => queryClient.setQueryData(groupQuery(group.uuid).queryKey, next);
  const change = useMutation({
    mutationFn: (run: () => Promise<TGroupChat>) => run(),
    onSuccess: put,
    onError: (e) => toast.error(e.message),
  });

  return (
    <section aria-label="Group members" className="space-y-2 border-b border-line px-4 py-3 sm:px-6">
      <ul className="flex flex-wrap gap-2">
        {group.members.map((m) => (
          <li
            key={m.characterId}
            className={`flex max-w-full flex-wrap items-center gap-x-2 gap-y-1 rounded-2xl border border-line bg-panel px-2 py-1.5 ${m.isMuted ? 'opacity-60' : ''}`}
          >
            <Avatar src={m.avatarUrl} alt="" size={28} />
            <span className="max-w-32 truncate text-sm font-medium">{m.name}</span>
            <button
              type="button"
              aria-label={`Speak: ${m.name}`}
              title={`${m.name} answers now`}
              disabled={isBusy}
              onClick={() => onSpeak(m.characterId)}
              className="flex items-center gap-1 rounded-lg px-1.5 py-1 text-xs text-accent-2 hover:bg-panel-2 disabled:opacity-40"
            >
              <Megaphone aria-hidden className="size-3.5" />
              Speak
            </button>
            <button
              type="button"
              aria-label={m.isMuted ? `Unmute ${m.name}` : `Mute ${m.name}`}
              aria-pressed={m.isMuted}
              onClick={() =>
                change.mutate(() => changeMember(group.uuid, m.characterId, { isMuted: !m.isMuted }))
              }
              className="rounded-lg p-1 text-muted hover:bg-panel-2 hover:text-white"
            >
              {m.isMuted ? (
                <VolumeX aria-hidden className="size-4" />
              ) : (
                <Volume2 aria-hidden className="size-4" />
              )}
            </button>
            <input
              type="range"
              min={0}
              max={100}
              step={10}
              defaultValue={m.talkativeness}
              aria-label={`Talkativeness of ${m.name}`}
              title={`Talkativeness: ${m.talkativeness}%`}
              onPointerUp={(e) => {
                const talkativeness = Number(e.currentTarget.value);
                change.mutate(() => changeMember(group.uuid, m.characterId, { talkativeness }));
              }}
              onKeyUp={(e) => {
                const talkativeness = Number(e.currentTarget.value);
                change.mutate(() => changeMember(group.uuid, m.characterId, { talkativeness }));
              }}
              className="w-14 accent-[var(--color-accent)]"
            />
            <IconButton
              label={`Remove ${m.name}`}
              disabled={group.members.length <= GROUP_MIN_MEMBERS}
              onClick={() => change.mutate(() => removeMember(group.uuid, m.characterId))}
              className="rounded-lg p-1 text-muted hover:bg-panel-2 hover:text-red-300 disabled:opacity-30"
              icon={X}
            />
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="reply-order" className="text-muted">
          Who answers
        </label>
        <select
          id="reply-order"
          value={group.replyOrder}
          onChange={(e) => change.mutate(() => setReplyOrder(group.uuid, e.target.value as TReplyOrder))}
          className="max-w-full min-w-0 rounded-lg border border-line bg-ink/70 px-2 py-1"
        >
          {REPLY_ORDERS.map((order) => (
            <option key={order} value={order}>
              {ORDER_LABELS[order]}
            </option>
          ))}
        </select>
        <button
          type="button"
          onClick={onAdd}
          disabled={group.members.length >= GROUP_MAX_MEMBERS}
          className="ml-auto flex items-center gap-1.5 rounded-xl border border-line px-3 py-1.5 hover:bg-panel-2 disabled:opacity-40"
        >
          <UserPlus aria-hidden className="size-4" />
          Add character
        </button>
      </div>
    </section>
  );
}
