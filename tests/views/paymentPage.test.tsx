import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { eq } from 'drizzle-orm';
import { payments } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_TIMEOUT_MS } from '../../src/domain/constants';

/** The text a screen reader reads as the field's description (hints and the error message under it). */
const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the guest payment page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());
  afterEach(() => vi.useRealTimers());

  const sendButton = () => screen.getByRole('button', { name: 'Send Payment' });

  const open = () => renderApp('/payment', { server });

  it('marks email, amount and reference as required', async () => {
    await open();
    for (const label of ['Email', 'Amount', 'Reference']) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      expect((input as HTMLInputElement).required).toBe(true);
    }
  });

  it('keeps Send Payment disabled until the terms box is ticked', async () => {
    const { user } = await open();
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    expect(sendButton()).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    expect(sendButton()).toHaveProperty('disabled', true);
  });

  it('shows the spec messages under the empty fields and sends nothing', async () => {
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), 'abc');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(sendButton());

    expect(screen.getByText('Please enter an email address')).toBeTruthy();
    expect(screen.getByText('Please enter an amount to pay')).toBeTruthy();
    expect(screen.getByText('Please enter the reference given to you by the provider')).toBeTruthy();
    expect(describedBy(screen.getByRole('textbox', { name: /^Email/ }))).toContain('Please enter an email address');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await server.database.db.select().from(payments)).toHaveLength(0);
  });

  it('refuses an amount outside €0.50 to €10,000 and a malformed email', async () => {
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'fan@');
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '0.2');
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), 'INV-1');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(sendButton());

    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('The amount must be between €0.50 and €10,000.00')).toBeTruthy();
  });

  it('pays with the local test card, closes the form and thanks the payer', async () => {
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'fan@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '12.5');
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), 'INV-2041');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(sendButton());

    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    expect(within(dialog).getByText('Test mode — no real money')).toBeTruthy();
    expect(within(dialog).getByText('€12.50')).toBeTruthy();
    const card = await within(dialog).findByRole('textbox', { name: /^Card number/ });
    expect(within(dialog).getByRole('button', { name: 'Pay' })).toHaveProperty('disabled', true);
    await user.type(card, '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('Your payment of €12.50 for reference INV-2041 has been received.')).toBeTruthy();
    // The spec's order of notices: Payment Received, then Payment Processing.
    const notices = within(screen.getByRole('region', { name: 'Notifications' }));
    expect(notices.getAllByRole('status').map((n) => n.textContent)).toEqual([
      'Payment Received',
      'Payment ProcessingPayment processing, please check back in a few moments!',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Send Payment' })).toBeNull();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.reference, 'INV-2041'));
    expect(row).toMatchObject({ status: 'SUCCEEDED', amountCents: 1250, email: 'fan@example.com', purpose: 'GUEST' });

    await user.click(screen.getByRole('button', { name: 'Make another payment' }));
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveProperty('value', '');
  });

  it('does not offer the form again while the bank is still deciding, so nobody pays twice', async () => {
    // Fake timers (advancing with real time too) fast-forward the dialog's 20 s of status checks.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { user } = await renderApp('/payment', { server, userOptions: { advanceTimers: vi.advanceTimersByTime } });
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'slow@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Amount/ }), '20');
    await user.type(screen.getByRole('textbox', { name: /^Reference/ }), 'INV-SLOW');
    await user.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(sendButton());
    const dialog = await screen.findByRole('dialog', { name: 'Payment' });
    await user.type(await within(dialog).findByRole('textbox', { name: /^Card number/ }), '4000 0000 0000 4444');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));

    for (let t = 0; t <= PAYMENT_POLL_TIMEOUT_MS && !within(dialog).queryByRole('button', { name: 'Check again' }); t += PAYMENT_POLL_INTERVAL_MS) {
      await act(() => vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Payment Processing' })).toBeTruthy();
    expect(screen.getByText(/Your payment of €20.00 for reference INV-SLOW is being confirmed by your bank/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send Payment' })).toBeNull();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.reference, 'INV-SLOW'));
    expect(row.status).toBe('PROCESSING');
  });
});
