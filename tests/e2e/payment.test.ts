import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage } from './support/browser';

/** Fills the guest payment form and opens the payment dialog. */
async function startGuestPayment(page: Page, reference: string) {
  await page.goto('/payment');
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await page.getByLabel('Email').fill('fan@example.com');
  await page.getByLabel('Amount').fill('12.50');
  await page.getByLabel('Reference').fill(reference);
  const send = page.getByRole('button', { name: 'Send Payment' });
  expect(await send.isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await send.click();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await dialog.getByText('Test mode — no real money').waitFor();
  return dialog;
}

describe('the guest payment page in a real browser (local test provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());

  it('pays €12.50 with the 4242 test card, closes the form and thanks the payer', async () => {
    const { page, errors } = await newPage(browser);
    const dialog = await startGuestPayment(page, 'INV-E2E-1');

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.getByText('Your payment of €12.50 for reference INV-E2E-1 has been received.').waitFor();
    await page.getByRole('region', { name: 'Notifications' }).getByText('Payment Received').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Send Payment' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('shows "Payment Error" with the provider message for a declined card, then pays on retry', async () => {
    const { page, errors } = await newPage(browser);
    const dialog = await startGuestPayment(page, 'INV-E2E-2');

    await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    const notifications = page.getByRole('region', { name: 'Notifications' });
    await notifications.getByText('Payment Error').waitFor();
    await notifications.getByText('Your card was declined.').waitFor();
    await dialog.getByText('Your card was declined.').waitFor();

    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('Your payment of €12.50 for reference INV-E2E-2 has been received.').waitFor();
    expect(errors).toEqual([]);
  });
});
