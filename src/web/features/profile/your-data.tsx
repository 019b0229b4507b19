// "Your data" on /profile: download everything of mine as one JSON file, or delete my account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmTickbox } from '../../components/confirm-dialog.tsx';
import { CancelButton, DialogActions, ErrorText } from '../../components/form-parts.tsx';
import { Modal } from '../../components/modal.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { handleSubmit } from '../../lib/handle-submit.ts';
import { sessionQuery, useSignedInUser } from '../../lib/session.ts';

export function YourData() {
  const user = useSignedInUser();
  const [isConfirming, setIsConfirming] = useState(false);
  return (
    <section aria-labelledby="your-data-title" className="rounded-2xl bg-panel p-6">
      <h2 id="your-data-title" className="text-lg font-medium">
        Your data
      </h2>
      <p className="mt-1 text-sm text-muted">
        Every chat, message, character, memory and upload of yours, as one JSON file.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href="/api/account/export"
          download
          className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-panel-2"
        >
          Download my data
        </a>
        <button
          type="button"
          onClick={() => setIsConfirming(true)}
          className="rounded-lg border border-red-400/60 px-3 py-1.5 text-sm text-red-300 hover:bg-red-500/10"
        >
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog
        username={user.username}
        isOwner={Boolean(user.isOwner)}
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
      />
    </section>
  );
}

function DeleteAccountDialog(props: {
  username: string;
  isOwner: boolean;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { username, isOwner, isOpen, onClose } = props;
  const [typed, setTyped] = useState('');
  // The owner's power passes to nobody: the owner says they mean to leave the installation without one.
  const [leaveWithoutOwner, setLeaveWithoutOwner] = useState(false);
  const isConfirmed = typed === username && (!isOwner || leaveWithoutOwner);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () =>
      api<{ deleted: true }>('/api/account', {
        method: 'DELETE',
        json: { confirm: typed, ...(isOwner && { leaveWithoutOwner }) },
      }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: sessionQuery.queryKey });
      await navigate('/login', { replace: true });
      queryClient.clear();
    },
  });
  const close = () => {
    setTyped('');
    setLeaveWithoutOwner(false);
    remove.reset();
    onClose();
  };
  return (
    <Modal
      isOpen={isOpen}
      onClose={close}
      title="Delete my account"
      description={
        <>
          This removes your chats, messages, characters, memories, uploads and subscription link for good, and
          signs you out. Type your username <strong className="text-white">{username}</strong> to confirm.
        </>
      }
    >
      <form
        className="mt-4"
        onSubmit={handleSubmit(() => {
          if (isConfirmed) remove.mutate();
        })}
      >
        <label htmlFor="confirm-username" className="text-sm">
          Your username
        </label>
        <input
          id="confirm-username"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          className="mt-1 w-full rounded-lg border border-line bg-ink px-3 py-2"
        />
        {isOwner && (
          <ConfirmTickbox
            label="I own this Kindred. Delete my account anyway: it then has no owner (nobody else gets the support inbox, /admin or model downloads) until ADMIN_EMAILS names one."
            isChecked={leaveWithoutOwner}
            onChange={setLeaveWithoutOwner}
          />
        )}
        {remove.isError && (
          <ErrorText className="mt-2">
            {remove.error instanceof ApiError ? remove.error.message : 'The account could not be deleted.'}
          </ErrorText>
        )}
        <DialogActions>
          <CancelButton onClick={close} />
          <button
            type="submit"
            disabled={!isConfirmed || remove.isPending}
            className="rounded-xl bg-red-600 px-4 py-2 font-medium text-white disabled:opacity-50"
          >
            Delete account
          </button>
        </DialogActions>
      </form>
    </Modal>
  );
}
