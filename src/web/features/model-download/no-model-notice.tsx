// What the chat says when this Kindred has no chat model set up: the owner gets the way to one, everyone
// else a plain line (the owner's advice is theirs alone).
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { NO_MODEL_YET } from '../../../shared/models.ts';
import { useSession } from '../../lib/session.ts';
import { ModelDownloadPanel } from './model-download-panel.tsx';
import { modelsStatusQuery } from './use-model-download.ts';

/**
 * Whether opening the chat says that no model is set up: from the moment the status says so until the
 * person sends (a refusal then says it on the message itself); the owner's download stays on screen.
 */
export function useNoModelOnOpen() {
  const status = useQuery(modelsStatusQuery);
  const [state, setState] = useState<'unknown' | 'shown' | 'dismissed'>('unknown');
  if (state === 'unknown' && status.data?.hasChatModel === false) setState('shown');
  return {
    isShown: state === 'shown',
    onSend: () => setState((s) => (s === 'shown' ? 'dismissed' : s)),
  };
}

export function NoModelNotice({ isAfterSend }: { isAfterSend: boolean }) {
  const isOwner = useSession().data?.isOwner ?? false;
  if (isOwner) return <ModelDownloadPanel isAfterSend={isAfterSend} />;
  return (
    <section
      aria-label="No chat model"
      className="mx-auto flex w-full max-w-xl items-center gap-2 rounded-2xl border border-line bg-panel px-4 py-3 text-sm"
    >
      <Info aria-hidden className="size-4 shrink-0 text-muted" />
      <p>{NO_MODEL_YET}</p>
    </section>
  );
}
