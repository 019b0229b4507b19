// One past chat in 'Chat History': opens it; Rename names it in place, Delete asks first.
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TChatLogSummary } from '../../../shared/chat.ts';
import { CHAT_TITLE_MAX_CHARS } from '../../../shared/chat-limits.ts';
import { GroupFaces } from '../../components/group-faces.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { handleSubmit } from '../../lib/handle-submit.ts';

export function HistoryItem({
  log,
  onOpen,
  onRename,
  onAskDelete,
}: {
  log: TChatLogSummary;
  onOpen: () => void;
  onRename: (title: string) => Promise<boolean>;
  onAskDelete: () => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const label = log.title ?? log.preview ?? '[No content]';

  if (draft !== null) {
    const save = async () => {
      if (await onRename(draft.trim())) setDraft(null);
    };
    return (
      <form
        onSubmit={handleSubmit(() => void save())}
        className="space-y-2 rounded-xl border border-accent bg-panel-2 px-4 py-3"
      >
        <input
          // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this chat.
          autoFocus
          aria-label="Chat name"
          name="title"
          value={draft}
          maxLength={CHAT_TITLE_MAX_CHARS}
          placeholder={log.preview ?? 'Name this chat'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setDraft(null);
          }}
          className="w-full rounded-lg border border-line bg-ink/70 px-3 py-1.5 focus:border-accent focus:outline-none"
        />
        <div className="flex justify-end gap-2 text-sm">
          <button type="button" onClick={() => setDraft(null)} className="rounded-lg px-3 py-1 hover:bg-line">
            Cancel
          </button>
          <button type="submit" className="rounded-lg bg-accent px-3 py-1 font-medium hover:bg-accent-hover">
            Save
          </button>
        </div>
      </form>
    );
  }

  return (
    <div className="group relative rounded-xl border border-line bg-panel-2 hover:border-accent">
      <button type="button" onClick={onOpen} className="w-full px-4 py-3 pr-20 text-left">
        <span className="flex items-center gap-2">
          {log.members && <GroupFaces members={log.members} size={20} />}
          <time dateTime={log.updatedAt} className="block text-xs text-muted">
            {new Date(log.updatedAt).toLocaleString()}
          </time>
        </span>
        <span className={`mt-1 block break-words ${log.title ? 'font-medium' : ''}`}>{label}</span>
        {log.title && log.preview && (
          <span className="mt-0.5 block truncate text-xs text-muted">{log.preview}</span>
        )}
      </button>
      <div className="absolute top-2 right-2 flex gap-1">
        <IconButton
          label={`Rename chat: ${label}`}
          title="Rename"
          onClick={() => setDraft(log.title ?? '')}
          className="rounded-lg p-1.5 text-muted hover:bg-line hover:text-white"
          icon={Pencil}
        />
        <IconButton
          label={`Delete chat: ${label}`}
          title="Delete"
          onClick={onAskDelete}
          className="rounded-lg p-1.5 text-muted hover:bg-line hover:text-red-400"
          icon={Trash2}
        />
      </div>
    </div>
  );
}
