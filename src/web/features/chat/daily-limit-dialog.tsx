// 'Daily Limit Reached': opens when a free person's send is refused with 429.
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';

export function DailyLimitDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-panel p-6 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">Daily Limit Reached</Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">
            You've reached your 20 free messages for today. Upgrade to unlimited messages and support further
            development of this AI companion.
          </Dialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={onClose}
              className="rounded-xl border border-line px-4 py-2 hover:bg-panel-2"
            >
              Maybe Later
            </button>
            <button
              type="button"
              onClick={() => {
                onClose();
                navigate('/upgrade');
              }}
              className="rounded-xl bg-accent px-4 py-2 font-medium hover:bg-accent-hover"
            >
              Upgrade Now
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
