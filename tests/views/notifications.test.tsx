import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '../../src/api/client';
import { clearNotifications, notify, notifyClientError, notifyError, notifySuccess } from '../../src/ui/notify';
import { ERRORS } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { startTestServer, type TestServer } from '../support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

/** The app's notification stack, on a page that asks the server nothing of its own. */
async function renderStack() {
  await renderApp('/support', { server });
  // Notifications read Date.now() and check every second: both are ours to move (once the app has settled).
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  return screen.getByRole('region', { name: 'Notifications' });
}

/** The text of every notification shown, in order (info and success ones are statuses, errors are alerts). */
const titles = (region: HTMLElement) =>
  [...region.querySelectorAll('[role="status"], [role="alert"]')].map((n) => n.textContent);

describe('notifications', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => clearNotifications());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows an error from the server titled "An error occurred" with the server message', async () => {
    const region = await renderStack();
    act(() => notifyError(new ApiError(409, 'This season is closed', { message: 'This season is closed' })));

    const alert = within(region).getByRole('alert');
    expect(within(alert).getByText(ERRORS.genericTitle)).toBeTruthy();
    expect(within(alert).getByText('This season is closed')).toBeTruthy();
  });

  it('shows the first message of a list, and the unknown-error text without a server message', async () => {
    const region = await renderStack();
    act(() => {
      notifyError(new ApiError(400, 'x', { message: ['Please enter a team name', 'Please agree to the terms and conditions'] }));
      notifyError(new ApiError(502, null, '<html>Bad gateway</html>'));
      notifyError(new TypeError('Failed to fetch'));
    });

    const alerts = within(region).getAllByRole('alert');
    expect(alerts.map((a) => within(a).getByText(ERRORS.genericTitle) && a.textContent)).toEqual([
      `${ERRORS.genericTitle}Please enter a team name`,
      `${ERRORS.genericTitle}${ERRORS.unknown}`,
      `${ERRORS.genericTitle}${ERRORS.unknown}`,
    ]);
  });

  it('shows successes and client errors with their own titles', async () => {
    const region = await renderStack();
    act(() => {
      notifySuccess({ title: 'Score Submitted', message: 'Score was submitted successfully' });
      notifyClientError('Invalid Scores', 'Scores must match');
    });

    expect(within(region).getByRole('status').textContent).toBe('Score SubmittedScore was submitted successfully');
    expect(within(region).getByRole('alert').textContent).toBe('Invalid ScoresScores must match');
  });

  it('removes each notification about 5 s after it was created, checking every second', async () => {
    const region = await renderStack();
    act(() => notify({ title: 'First' }));
    act(() => vi.advanceTimersByTime(2500));
    act(() => notify({ title: 'Second' }));

    act(() => vi.advanceTimersByTime(2499)); // 4.999 s
    expect(titles(region)).toEqual(['First', 'Second']);
    act(() => vi.advanceTimersByTime(1)); // 5 s: the check of second 5 removes the first
    expect(titles(region)).toEqual(['Second']);

    // The second was created at 2.5 s: still there at 7.999 s, gone at the check of second 8.
    act(() => vi.advanceTimersByTime(2999));
    expect(titles(region)).toEqual(['Second']);
    act(() => vi.advanceTimersByTime(1));
    expect(titles(region)).toEqual([]);
  });

  it('can be dismissed before it expires', async () => {
    const region = await renderStack();
    act(() => notifySuccess({ title: 'Team Created' }));

    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss notification' }));

    expect(titles(region)).toEqual([]);
  });

  it('lives in a polite live region, so screen readers announce new ones', async () => {
    const region = await renderStack();
    expect(region.getAttribute('aria-live')).toBe('polite');
  });
});
