// The web app's Plus calls: start a checkout, read the plan, the local checkout's Pay/Cancel, the portal.
import { queryOptions } from '@tanstack/react-query';
import type { TCheckoutInfo, TPlanInfo, TSubscribeReply } from '../../../shared/billing.ts';
import { api } from '../../lib/api.ts';

export const planQuery = queryOptions({
  queryKey: ['billing', 'plan'],
  queryFn: () => api<TPlanInfo>('/api/billing/plan'),
});

export const checkoutQuery = (id: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout', id],
    queryFn: () => api<TCheckoutInfo>(`/api/billing/checkout/${encodeURIComponent(id)}`),
    retry: false,
  });

export const subscribe = (userId: number) =>
  api<Partial<TSubscribeReply>>('/api/subscribe', { method: 'POST', json: { userId } });

export const payCheckout = (id: string) =>
  api<{ url: string }>(`/api/billing/checkout/${encodeURIComponent(id)}/pay`, { method: 'POST' });

export const cancelCheckout = (id: string) =>
  api<{ url: string }>(`/api/billing/checkout/${encodeURIComponent(id)}/cancel`, { method: 'POST' });

export const openPortal = () => api<{ url: string }>('/api/billing/portal', { method: 'POST' });

export const setCancelAtPeriodEnd = (cancel: boolean) =>
  api<TPlanInfo>('/api/billing/local-subscription', { method: 'POST', json: { cancel } });

/** Asks the server to read the subscription from the provider now (back from checkout). */
export const refreshPlan = () => api<TPlanInfo>('/api/billing/refresh', { method: 'POST' });
