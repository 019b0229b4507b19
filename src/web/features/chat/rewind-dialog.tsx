// Rewind's confirmation: a message and everything after it go, for good.
import * as Dialog from '@radix-ui/react-dialog';

export function RewindDialog({
  isOpen,
  onCancel,
  onConfirm,
}: {
  isOpen: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-panel p-6 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">Rewind Conversation</Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">
            This deletes this message and everything after it. This action cannot be undone.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={onCancel}
              className="rounded-xl border border-line px-4 py-2 hover:bg-panel-2"
            >
              Cancel
            </button>
            <button
              type="button"
              onClick={onConfirm}
              className="rounded-xl bg-red-500/90 px-4 py-2 font-medium hover:bg-red-500"
            >
              Rewind
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
