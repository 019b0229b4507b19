// A small real HTTP server speaking the part of the Stripe API Kindred uses (customers, Checkout Sessions,
// subscriptions list, billing portal), so the official `stripe` package can be pointed at it in tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenLocally } from './local-server.ts';

export type TFakeStripeSubscription = {
  id: string;
  customer: string;
  status: string;
  /** Unix seconds. */
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
};

export type TFakeStripeRequest = { method: string; path: string; params: Record<string, string> };

export type TFakeStripe = {
  host: string;
  port: number;
  secretKey: string;
  requests: TFakeStripeRequest[];
  customers: Map<string, { id: string; email: string }>;
  /** Sets (or replaces) a subscription as Stripe would now report it. */
  setSubscription(sub: TFakeStripeSubscription): void;
  deleteSubscription(id: string): void;
  close(): Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

function toStripeSubscription(sub: TFakeStripeSubscription) {
  // API version 2025-03 and later: the period lives on the items.
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancel_at_period_end,
    cancel_at: sub.cancel_at,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id}`,
          object: 'subscription_item',
          current_period_start: sub.current_period_start,
          current_period_end: sub.current_period_end,
        },
      ],
    },
  };
}

export async function startFakeStripe(opts: { secretKey?: string } = {}): Promise<TFakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_fake_kindred';
  const requests: TFakeStripeRequest[] = [];
  const customers = new Map<string, { id: string; email: string }>();
  const subscriptions = new Map<string, TFakeStripeSubscription>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${++counter}`;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { type: 'invalid_request_error', message } });

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const raw = await readBody(req);
    const params = Object.fromEntries(
      new URLSearchParams(req.method === 'GET' ? url.search : raw).entries(),
    ) as Record<string, string>;
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return error(res, 401, 'Invalid API Key provided');

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const customer = { id: nextId('cus'), email: params.email ?? '' };
      customers.set(customer.id, customer);
      return send(res, 200, { object: 'customer', ...customer, metadata: {} });
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (params.mode !== 'subscription') return error(res, 400, 'mode must be subscription here');
      if (!params.customer || !customers.has(params.customer)) return error(res, 400, 'No such customer');
      const id = nextId('cs_test');
      return send(res, 200, {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        customer: params.customer,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/subscriptions') {
      const data = [...subscriptions.values()]
        .filter((s) => !params.customer || s.customer === params.customer)
        .map(toStripeSubscription);
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!params.customer || !customers.has(params.customer)) return error(res, 400, 'No such customer');
      const id = nextId('bps');
      return send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: params.customer,
        return_url: params.return_url,
        url: `https://billing.stripe.test/p/session/${id}`,
      });
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
  });
  const { port, close } = await listenLocally(server);
  return {
    host: '127.0.0.1',
    port,
    secretKey,
    requests,
    customers,
    setSubscription: (sub) => void subscriptions.set(sub.id, sub),
    deleteSubscription: (id) => {
      const sub = subscriptions.get(id);
      if (sub) subscriptions.set(id, { ...sub, status: 'canceled' });
    },
    close,
  };
}
