// A dialog centred over the page: a title, a line on what it is for, its content. Escape, a click
// outside or the content's own Cancel closes it.
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

export function Modal({
  isOpen,
  onClose,
  title,
  description,
  width = 'w-[min(92vw,28rem)]',
  children,
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  width?: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 ${width} -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-panel p-6 shadow-2xl`}
        >
          <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-muted">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
