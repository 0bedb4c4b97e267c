import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createTestModel } from '@xstate/graph';
import { api, ApiError } from '../../src/api/client';
import { theme } from '../../src/app/theme';
import { Notifications } from '../../src/app/Notifications';
import { clearNotifications } from '../../src/ui/notify';
import { PlayerRanksPage } from '../../src/features/players/PlayerRanksPage';
import { pagedListMachine, type PagedListContext } from '../../machines/flows/pagedListMachine';
import { DEFAULT_PER_PAGE, MAX_PAGE_BUTTONS, SEARCH_DEBOUNCE_MS } from '../../src/domain/constants';
import { ERRORS } from '../../src/domain/messages';
import { startTestServer, type TestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { Network } from './support/network';
import { toTestMachine, transitionKey } from './support/testMachine';
import { coverTransitions, transitionsOf } from './support/coverTransitions';

configure({ asyncUtilTimeout: 5000 });

/**
 * The shared paged list, walked through PLAYER RANKS (search box, free-agent filter, page selector, refresh and
 * Try again) on the real in-process server. The search debounce runs on fake timers; the network is held while a
 * test looks at "Loading...".
 */

const PER_PAGE = DEFAULT_PER_PAGE;
const SEARCHES = ['', 'AdminNova', 'zzqx'] as const;
const FAILURE = 'The database is busy';
/** total[search][freeAgent]: what the server holds, read before the walk. */
type Totals = Record<string, { all: number; free: number }>;
let totals: Totals;

const totalFor = (c: Pick<PagedListContext, 'appliedSearch' | 'extra'>) =>
  totals[c.appliedSearch][c.extra.freeAgent ? 'free' : 'all'];
const pagesOf = (total: number) => Math.ceil(total / PER_PAGE);

/** What the user can tell apart on screen: idle with no rows, with one page, with several. */
function shape(s: { value: unknown; context: PagedListContext }) {
  if (s.value !== 'idle') return s.value;
  const pages = pagesOf(s.context.total);
  return pages === 0 ? 'idle (no results)' : pages === 1 ? 'idle (one page)' : 'idle (several pages)';
}

function buildPaths() {
  const model = createTestModel(toTestMachine(pagedListMachine), {
    input: {},
    serializeState: transitionKey((s) => ({
      shape: shape(s),
      pageNo: s.context.pageNo,
      search: s.context.search,
      applied: s.context.appliedSearch,
      free: !!s.context.extra.freeAgent,
      total: s.context.total,
    })),
    events: (s) => {
      const c = s.context;
      const total = totalFor(c);
      return [
        ...(pagesOf(c.total) >= 2 ? [{ type: 'page.change', pageNo: c.pageNo === 1 ? 2 : 1 }] : []),
        ...(c.search === '' ? SEARCHES.slice(1).map((search) => ({ type: 'search.change', search })) : [{ type: 'search.change', search: '' }]),
        { type: 'extra.change', extra: c.extra.freeAgent ? {} : { freeAgent: true } },
        { type: 'list.reload' },
        {
          type: 'xstate.done.actor.loadPage',
          output: { pageNo: c.pageNo, pageSize: PER_PAGE, total, results: [] },
        },
        { type: 'xstate.error.actor.loadPage', error: new ApiError(500, FAILURE, { message: FAILURE }) },
        { type: 'xstate.after.searchDebounce' },
      ] as never[];
    },
  });
  const describeEvent = (e: { type: string }) => e.type;
  const candidates = model.getShortestPaths().map((path) => ({
    path,
    transitions: transitionsOf(path, 'start', describeEvent, shape),
  }));
  return coverTransitions(candidates);
}

// The server starts while the file is collected: the model's paths depend on what it holds.
const server: TestServer = await startTestServer({ seed: true });
// Enough players for more than 5 pages, so the selector has to window its numbers.
for (let i = 0; i < 80; i++) await insertUser(server.database.db, { discordName: `Rookie${i}`, freeAgent: i % 2 === 0 });
{
  const guest = server.agent();
  const count = async (search: string, free: boolean) =>
    (await guest.get(`/v1/user?perPage=1${search ? `&search=${search}` : ''}${free ? '&freeAgent=true' : ''}`)).body.total as number;
  totals = {};
  for (const s of SEARCHES) totals[s] = { all: await count(s, false), free: await count(s, true) };
}
const PATHS = buildPaths();

describe('paged list machine through PLAYER RANKS', () => {
  const net = new Network();
  const user = userEvent.setup({ delay: null });
  /** The model state before the step being executed. */
  let previous: { value: unknown; context: PagedListContext } | undefined;
  afterAll(() => server.close());
  afterEach(() => {
    cleanup();
    net.release();
    vi.useRealTimers();
  });

  const listRequest = /^GET \/v1\/user\?/;
  const searchBox = () => screen.getByRole('searchbox', { name: 'Search players' });
  const pager = () => screen.queryByRole('navigation', { name: 'Pages' });
  const pageNumbers = () =>
    within(pager()!)
      .getAllByRole('button')
      .filter((b) => /^Page \d+$/.test(b.getAttribute('aria-label') ?? ''));

  /** The query the list sends for a context: pageNo, perPage, the filter, the search only when there is one. */
  function expectedQuery(c: PagedListContext) {
    const q = new URLSearchParams({ pageNo: String(c.pageNo), perPage: String(PER_PAGE) });
    if (c.extra.freeAgent) q.set('freeAgent', 'true');
    if (c.appliedSearch) q.set('search', c.appliedSearch);
    return q;
  }
  const sameQuery = (request: string, c: PagedListContext) => {
    const got = new URLSearchParams(request.split('?')[1]);
    const want = expectedQuery(c);
    return [...want].every(([k, v]) => got.get(k) === v) && [...got.keys()].every((k) => want.has(k));
  };

  function boot() {
    net.reset(server.agent());
    api.configure({ fetch: net.fetch });
    clearNotifications();
    net.hold(listRequest);
    const location = memoryLocation({ path: '/players' });
    render(
      <MantineProvider theme={theme} defaultColorScheme="dark">
        <Router hook={location.hook}>
          <PlayerRanksPage />
        </Router>
        <Notifications />
      </MantineProvider>,
    );
  }

  const states = {
    loading: async (s: { value: unknown; context: PagedListContext }) => {
      previous = s;
      await waitFor(() => expect(net.held.length).toBeGreaterThan(0));
      expect(sameQuery(net.held.at(-1)!, s.context)).toBe(true);
      expect(screen.getByText('Loading...')).toBeTruthy();
      if (pager()) for (const b of within(pager()!).getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    },
    debouncing: async (s: { value: unknown; context: PagedListContext }) => {
      previous = s;
      const asked = () => net.held.length + net.sent.length;
      const before = asked();
      expect((searchBox() as HTMLInputElement).value).toBe(s.context.search);
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      // Nothing is asked before 500 ms have passed since the last keystroke.
      expect(asked()).toBe(before);
      expect(screen.queryByText('Loading...')).toBeNull();
      if (pager()) for (const b of within(pager()!).getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    },
    idle: async (s: { value: unknown; context: PagedListContext }) => {
      previous = s;
      const c = s.context;
      const total = c.total;
      await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
      expect(sameQuery(net.sent.filter((r) => listRequest.test(r)).at(-1)!, c)).toBe(true);
      const body = screen.getAllByRole('rowgroup')[1];
      if (total === 0) {
        expect(within(body).getByText('No results found')).toBeTruthy();
      } else {
        const rows = within(body).getAllByRole('row');
        expect(rows.length).toBe(Math.min(PER_PAGE, total - (c.pageNo - 1) * PER_PAGE));
        expect(within(rows[0]).getAllByRole('cell')[0].textContent).toBe(String((c.pageNo - 1) * PER_PAGE + 1));
        if (c.appliedSearch === 'AdminNova') expect(within(rows[0]).getByRole('link', { name: 'AdminNova' })).toBeTruthy();
      }
      const pages = pagesOf(total);
      if (pages <= 1) {
        expect(pager()).toBeNull();
      } else {
        const numbers = pageNumbers();
        expect(numbers.length).toBe(Math.min(MAX_PAGE_BUTTONS, pages));
        expect(numbers.find((b) => b.getAttribute('aria-current') === 'page')?.textContent).toBe(String(c.pageNo));
        expect((within(pager()!).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(false);
      }
    },
    failed: async (s: { value: unknown; context: PagedListContext }) => {
      previous = s;
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(ERRORS.genericTitle)).toBeTruthy();
      expect(within(alert).getByText(FAILURE)).toBeTruthy();
      expect(screen.getByText(/The list could not be loaded/)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      // The page selector still works after a failed page.
      expect(!!pager()).toBe(pagesOf(s.context.total) > 1);
      clearNotifications();
    },
  };

  const click = (element: HTMLElement) => (vi.isFakeTimers() ? fireEvent.click(element) : user.click(element));
  const leaveFakeTime = () => {
    if (vi.isFakeTimers()) vi.useRealTimers();
  };

  const events = {
    'xstate.init': () => boot(),
    'page.change': async ({ event }: { event: { pageNo: number } }) => {
      net.hold(listRequest);
      await user.click(screen.getByRole('button', { name: `Page ${event.pageNo}` }));
    },
    'search.change': ({ event }: { event: { search: string } }) => {
      // The debounce timer starts with the keystroke: from here to the request, time is ours to move. (While time
      // is fake the test uses fireEvent: Testing Library's async helpers wait on real timeouts.)
      if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.change(searchBox(), { target: { value: event.search } });
    },
    'xstate.after.searchDebounce': async () => {
      net.hold(listRequest);
      vi.advanceTimersByTime(1);
      leaveFakeTime();
    },
    'extra.change': async ({ event }: { event: { extra: { freeAgent?: boolean } } }) => {
      net.hold(listRequest);
      await click(screen.getByRole('radio', { name: event.extra.freeAgent ? 'Free agents' : 'All players' }));
      leaveFakeTime();
    },
    'list.reload': async () => {
      net.hold(listRequest);
      await click(screen.getByRole('button', { name: previous?.value === 'failed' ? 'Try again' : 'Refresh list' }));
      leaveFakeTime();
    },
    'xstate.done.actor.loadPage': () => net.release(),
    'xstate.error.actor.loadPage': async () => {
      await net.releaseStale();
      server.failNext('GET /v1/user', 500, FAILURE);
      net.release();
    },
  };

  it('walks every transition of the machine', () => {
    expect(new Set(PATHS.kept.flatMap((p) => p.transitions))).toEqual(PATHS.all);
  });

  describe.each(process.env.DEBUG_PATH ? [PATHS.kept[Number(process.env.DEBUG_PATH)]] : PATHS.kept)('$path.description', ({ path }) => {
    it('shows what the user should see at every step', async () => {
      previous = undefined;
      await path.test({ states, events: events as never });
    });
  });
});
