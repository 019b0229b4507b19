// Rewind's confirmation: a message and everything after it go, for good; the memories made from them
// stay unless the person ticks the box.
import { useState } from 'react';
import { ConfirmDialog, ConfirmTickbox } from '../../components/confirm-dialog.tsx';

export function RewindDialog({
  isOpen,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: (forget: boolean) => void;
}) {
  const [forget, setForget] = useState(false);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Rewind Conversation"
      description="This deletes this message and everything after it. This action cannot be undone."
      confirmLabel="Rewind"
      onCancel={() => {
        setForget(false);
        onCancel();
      }}
      onConfirm={() => {
        onConfirm(forget);
        setForget(false);
      }}
    >
      <ConfirmTickbox
        label="Also forget the memories made from these messages"
        isChecked={forget}
        onChange={setForget}
      />
    </ConfirmDialog>
  );
}
