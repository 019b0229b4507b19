// /checkout/:checkoutId: the local test checkout (no money is taken): the plan, a test banner, Pay / Cancel.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { PLUS_PRICE } from '../../shared/billing.ts';
import { cancelCheckout, checkoutQuery, payCheckout } from '../features/billing/billing-api.ts';
import { CenteredCard, primaryButton, secondaryButton } from '../features/billing/centered-card.tsx';
import { PlusBenefits } from '../features/billing/plus-benefits.tsx';

const CLOSED: Record<string, string> = {
  paid: 'This checkout is already paid.',
  canceled: 'This checkout was cancelled.',
  expired: 'This checkout has expired.',
};

export function CheckoutRoute() {
  const { checkoutId = '' } = useParams();
  const navigate = useNavigate();
  const checkout = useQuery(checkoutQuery(checkoutId));
  const finish = useMutation({
    mutationFn: (action: 'pay' | 'cancel') =>
      action === 'pay' ? payCheckout(checkoutId) : cancelCheckout(checkoutId),
    onSuccess: (data) => navigate(data.url),
  });
  /** Why this checkout cannot be paid (not found, or no longer open), or null. */
  const whyClosed = checkout.isError
    ? 'This checkout was not found.'
    : checkout.data && checkout.data.status !== 'open'
      ? CLOSED[checkout.data.status]
      : null;
  const finishButton = (action: 'pay' | 'cancel', label: string, className: string) => (
    <button
      type="button"
      className={className}
      disabled={finish.isPending}
      onClick={() => finish.mutate(action)}
    >
      {label}
    </button>
  );

  return (
    <CenteredCard label="Checkout">
      <p
        role="note"
        className="rounded-lg border border-amber-400/60 bg-amber-400/10 px-3 py-2 text-sm font-medium text-amber-200"
      >
        Test checkout: no payment is taken. This Kindred has no payment provider configured.
      </p>
      <h1 className="text-2xl font-semibold">Kindred Plus</h1>
      <p className="text-3xl font-bold">{PLUS_PRICE}</p>
      <div className="text-left">
        <PlusBenefits />
      </div>
      {checkout.isPending && <p className="text-muted">Loading...</p>}
      {whyClosed && (
        <p role="alert" className="text-red-300">
          {whyClosed}{' '}
          <Link to="/upgrade" className="underline">
            Start again
          </Link>
        </p>
      )}
      {finish.isError && (
        <p role="alert" className="text-red-300">
          {finish.error.message}
        </p>
      )}
      {checkout.data?.status === 'open' && (
        <>
          {finishButton('pay', 'Pay', primaryButton)}
          {finishButton('cancel', 'Cancel', secondaryButton)}
        </>
      )}
    </CenteredCard>
  );
}
