import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** The parts of Stripe's PaymentIntent and Refund objects the platform reads. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  receipt_email: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  livemode: false;
  created: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface FakeStripe {
  /** Base URL to put in STRIPE_API_BASE (config.stripe.apiBase). */
  url: string;
  secretKey: string;
  webhookSecret: string;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  /** Every call received, "METHOD /path". */
  calls: string[];
  /** The customer's card succeeds (what Stripe.js confirmPayment would do). */
  succeed(id: string): FakeIntent;
  /** The customer's card fails: Stripe returns the intent to requires_payment_method with the error. */
  fail(id: string, message: string): FakeIntent;
  /** A webhook request for an event about `intent`, signed with the webhook secret (or `secret`). */
  webhook(type: string, intent: FakeIntent, secret?: string): { payload: string; signature: string };
  close(): Promise<void>;
}

const hex = (n: number) => randomBytes(n).toString('hex');

function stripeError(res: ServerResponse, status: number, message: string, code = 'resource_missing') {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', code, message } }));
}

function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(new URLSearchParams(data)));
    req.on('error', reject);
  });
}

/**
 * A loopback fake of Stripe's HTTP API, answering in Stripe's JSON shapes: POST /v1/payment_intents,
 * GET /v1/payment_intents/:id and POST /v1/refunds (with Idempotency-Key replay). Anything else answers 404.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_clutch_fake';
  const webhookSecret = 'whsec_clutch_test_secret';
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const byIdempotencyKey = new Map<string, FakeRefund>();
  const calls: string[] = [];

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    calls.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return stripeError(res, 401, 'Invalid API Key provided', 'api_key_invalid');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(6)}` });
      res.end(JSON.stringify(body));
    };
    const form = await readBody(req);
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const id = `pi_${hex(12)}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of form) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]] = v;
      }
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        amount_received: 0,
        currency: form.get('currency') ?? 'eur',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${hex(12)}`,
        description: form.get('description'),
        receipt_email: form.get('receipt_email'),
        metadata,
        automatic_payment_methods: form.get('automatic_payment_methods[enabled]') === 'true' ? { enabled: true } : null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(id, intent);
      return json(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve) {
      const intent = intents.get(retrieve[1]);
      return intent ? json(200, intent) : stripeError(res, 404, `No such payment_intent: '${retrieve[1]}'`);
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const replay = key ? byIdempotencyKey.get(key) : undefined;
      if (replay) return json(200, replay);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return stripeError(res, 404, `No such payment_intent: '${form.get('payment_intent')}'`);
      if (intent.status !== 'succeeded') {
        return stripeError(res, 400, 'This PaymentIntent does not have a successful charge to refund.', 'charge_not_refundable');
      }
      const refund: FakeRefund = {
        id: `re_${hex(12)}`,
        object: 'refund',
        amount: intent.amount_received,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      if (key) byIdempotencyKey.set(key, refund);
      return json(200, refund);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`, 'url_invalid');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const update = (id: string, patch: Partial<FakeIntent>) => {
    const intent = intents.get(id);
    if (!intent) throw new Error(`the fake has no intent ${id}`);
    Object.assign(intent, patch);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    webhookSecret,
    intents,
    refunds,
    calls,
    succeed: (id) => update(id, { status: 'succeeded', amount_received: intents.get(id)?.amount ?? 0, last_payment_error: null }),
    fail: (id, message) =>
      update(id, { status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message } }),
    webhook(type, intent, secret = webhookSecret) {
      const payload = JSON.stringify({
        id: `evt_${hex(12)}`,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object: { ...intent } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
