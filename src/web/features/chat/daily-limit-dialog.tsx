// 'Daily Limit Reached': opens when a free person's send is refused with 429.
import { useNavigate } from 'react-router';
import { CancelButton, DialogActions } from '../../components/form-parts.tsx';
import { Modal } from '../../components/modal.tsx';

export function DailyLimitDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Daily Limit Reached"
      description="You've reached your 20 free messages for today. Upgrade to unlimited messages and support further development of this AI companion."
    >
      <DialogActions>
        <CancelButton onClick={onClose}>Maybe Later</CancelButton>
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
      </DialogActions>
    </Modal>
  );
}
