// The dialogs a chat screen (one character or a group) opens over its conversation: the daily limit and
// Rewind's confirmation.
import { DailyLimitDialog } from './daily-limit-dialog.tsx';
import { RewindDialog } from './rewind-dialog.tsx';
import type { TMessageControlsApi } from './use-message-controls.ts';

export function ReplyDialogs(props: {
  isLimitOpen: boolean;
  onCloseLimit: () => void;
  controls: Pick<TMessageControlsApi, 'rewindTarget' | 'cancelRewind' | 'confirmRewind'>;
}) {
  const { controls } = props;
  return (
    <>
      <DailyLimitDialog isOpen={props.isLimitOpen} onClose={props.onCloseLimit} />
      <RewindDialog
        isOpen={controls.rewindTarget !== null}
        onCancel={controls.cancelRewind}
        onConfirm={controls.confirmRewind}
      />
    </>
  );
}
