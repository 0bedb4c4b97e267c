import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Tournament, TournamentMatch } from '../../src/api/contract/tournament';
import { fromApi } from '../../src/bracket/fromApi';
import { layoutBracket } from '../../src/bracket/layoutBracket';
import { CARD_HEIGHT, CARD_WIDTH } from '../../src/bracket/metrics';
import { launch, newPage, signIn } from './support/browser';

/**
 * The guided double-entry score flow in real browsers on the seeded 'Winter Major': two players (each in their own
 * browser context) report the same score and the bracket moves on, on the canvas and in its mirror; two others
 * disagree, the match reaches the disputes queue, and an admin overwrites it there.
 */
describe('score flow in real browsers', () => {
  let browser: Browser;
  let tournamentId: number;
  let pair: [TournamentMatch, TournamentMatch];

  beforeAll(async () => {
    browser = await launch();
    const { page, context } = await newPage(browser);
    const res = await page.request.get('/v1/tournament/active?perPage=100');
    tournamentId = ((await res.json()).results as Tournament[]).find((t) => t.title === 'Winter Major')!.id;
    // Two matches nobody has reported yet, with both players known.
    const open = (await matchesOf(page)).filter(
      (m) => m.userA && m.userB && m.winningEntry === '' && m.entryAScoreA === null && m.entryBScoreA === null && !m.dispute,
    );
    pair = [open[0], open[1]];
    await context.close();
  });
  afterAll(() => browser?.close());

  const matchesOf = async (page: Page) => (await (await page.request.get(`/v1/tournament/${tournamentId}/match`)).json()) as TournamentMatch[];
  const matchUrl = (m: TournamentMatch) => `/tournaments/${tournamentId}/match/${m.id}`;
  const notice = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true }).first().waitFor();

  /** A player signed in in a browser context of their own, on the match page, with every POST it sends recorded. */
  async function playerPage(name: string, m: TournamentMatch) {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, name);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/match/')) posts.push(new URL(r.url()).pathname);
    });
    await page.goto(matchUrl(m));
    await page.getByRole('heading', { level: 1, name: `${m.roundName} · Match ${m.matchNumber}` }).waitFor();
    return { page, context, errors, posts };
  }

  async function enter(page: Page, m: TournamentMatch, prefix: string, a: string, b: string) {
    const scope = prefix === 'Confirm score for' ? page.getByRole('dialog', { name: 'Confirm the score' }) : page;
    await scope.getByRole('textbox', { name: `${prefix} ${m.userA!.discordName}` }).fill(a);
    await scope.getByRole('textbox', { name: `${prefix} ${m.userB!.discordName}` }).fill(b);
  }

  /** SUBMIT SCORE, both scores, Continue, the same scores again, Confirm score. */
  async function report(page: Page, m: TournamentMatch, a: string, b: string) {
    await page.getByRole('button', { name: 'SUBMIT SCORE', exact: true }).click();
    await enter(page, m, 'Score for', a, b);
    await page.getByRole('button', { name: 'Continue' }).click();
    await enter(page, m, 'Confirm score for', a, b);
    await page.getByRole('dialog', { name: 'Confirm the score' }).getByRole('button', { name: 'Confirm score' }).click();
    await notice(page, 'Score was submitted successfully');
  }

  it('advances the bracket when both players report the same score; refuses out-of-range and mismatched entries', async () => {
    const [m] = pair;
    const viewer = await newPage(browser);
    await viewer.page.goto(`/tournaments/${tournamentId}`);
    await viewer.page.waitForFunction(() => !!document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera'));
    const next = (await matchesOf(viewer.page)).find((x) => (x.entryASourceId === m.id && x.entryASourceKind === 'winner') || (x.entryBSourceId === m.id && x.entryBSourceKind === 'winner'))!;
    const mirror = viewer.page.getByRole('navigation', { name: 'Bracket matches' });
    const nextLink = mirror.getByRole('link', { name: new RegExp(`^Match ${next.matchNumber}: `) });
    expect(await nextLink.textContent()).not.toContain(m.userA!.discordName);

    const first = await playerPage(m.userA!.discordName, m);
    const { page, posts } = first;
    await page.getByRole('button', { name: 'SUBMIT SCORE', exact: true }).click();
    await enter(page, m, 'Score for', '5', '1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Score must be between 0 and 3').waitFor();
    await enter(page, m, 'Score for', '3', '1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await enter(page, m, 'Confirm score for', '1', '3');
    await page.getByRole('dialog', { name: 'Confirm the score' }).getByRole('button', { name: 'Confirm score' }).click();
    await notice(page, 'Invalid Scores');
    await notice(page, 'Scores must match');
    await page.getByRole('dialog', { name: 'Confirm the score' }).waitFor({ state: 'hidden' });
    expect(posts).toEqual([]);
    // The form kept the first entry: confirm it properly this time.
    expect(await page.getByRole('textbox', { name: `Score for ${m.userA!.discordName}` }).inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Continue' }).click();
    await enter(page, m, 'Confirm score for', '3', '1');
    await page.getByRole('dialog', { name: 'Confirm the score' }).getByRole('button', { name: 'Confirm score' }).click();
    await notice(page, 'Score was submitted successfully');
    expect(new Set(posts)).toEqual(new Set([`/v1/tournament/${tournamentId}/match/${m.id}`]));
    await page.getByText('Your side has already reported a score').waitFor();

    const second = await playerPage(m.userB!.discordName, m);
    await report(second.page, m, '3', '1');
    await second.page.getByRole('region', { name: 'Entry A (winner)' }).waitFor();
    await second.page.getByRole('region', { name: 'Entry B (loser)' }).waitFor();

    // The open bracket reads the bracket again when its tab comes back into view: the mirror and the canvas move on.
    await viewer.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await viewer.page.waitForFunction(
      ({ n, name }) => [...document.querySelectorAll('nav[aria-label="Bracket matches"] a')].some((a) => a.textContent?.startsWith(`Match ${n}: `) && a.textContent.includes(name)),
      { n: next.matchNumber, name: m.userA!.discordName },
    );
    expect(await mirror.getByRole('link', { name: new RegExp(`^Match ${m.matchNumber}: .*, 3-1$`) }).count()).toBe(1);
    // On the canvas: finding the winner flies to their latest match, which is now the next one.
    const layout = layoutBracket(fromApi(await matchesOf(viewer.page)));
    const before = await viewer.page.getByTestId('bracket-canvas').getAttribute('data-camera');
    const find = viewer.page.getByRole('combobox', { name: 'Find entrant' });
    await find.fill(m.userA!.discordName);
    await viewer.page.getByRole('option', { name: m.userA!.discordName, exact: true }).click();
    await viewer.page.waitForFunction((b) => document.querySelector('[data-testid="bracket-canvas"]')?.getAttribute('data-camera') !== b, before);
    const box = (await viewer.page.locator('[data-testid="bracket-canvas"] canvas').boundingBox())!;
    const host = viewer.page.getByTestId('bracket-canvas');
    const [x, y] = (await host.getAttribute('data-camera'))!.split(',').map(Number);
    const zoom = Number(await host.getAttribute('data-zoom'));
    const node = layout.nodeOf(next.id);
    const centre = { x: (layout.nodes.x[node] + CARD_WIDTH / 2 - x) * zoom, y: (layout.nodes.y[node] + CARD_HEIGHT / 2 - y) * zoom };
    expect(Math.abs(centre.x - box.width / 2)).toBeLessThan(CARD_WIDTH * zoom);
    expect(Math.abs(centre.y - box.height / 2)).toBeLessThan(CARD_HEIGHT * zoom);
    expect([...first.errors, ...second.errors, ...viewer.errors]).toEqual([]);
    await Promise.all([first.context.close(), second.context.close(), viewer.context.close()]);
  });

  it('sends a disagreement to the disputes queue, where an admin overwrites it and it leaves the queue', async () => {
    const [, m] = pair;
    const a = await playerPage(m.userA!.discordName, m);
    await report(a.page, m, '3', '0');
    const b = await playerPage(m.userB!.discordName, m);
    await report(b.page, m, '0', '3');
    await b.page.getByText('DISPUTE', { exact: true }).waitFor();

    const { page, errors } = await newPage(browser);
    await signIn(page, 'AdminAce');
    await page.goto('/admin/disputes');
    await page.getByRole('heading', { level: 1, name: 'Match Disputes' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search tournament matches' }).fill(m.userB!.discordName);
    const view = page.getByRole('link', { name: `View ${m.userA!.discordName} vs ${m.userB!.discordName} (Winter Major)` });
    await view.click();
    await page.waitForURL(`**${matchUrl(m)}`);

    await page.getByRole('button', { name: 'OVERWRITE SCORE (ADMIN)' }).click();
    await enter(page, m, 'Score for', '3', '2');
    await page.getByRole('button', { name: 'Continue' }).click();
    const confirm = page.getByRole('dialog', { name: 'OVERWRITE SCORE (ADMIN)' });
    await confirm.getByText(`Overwrite the disputed scores of match ${m.matchNumber} with ${m.userA!.discordName} 3 – 2 ${m.userB!.discordName}?`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Overwrite score' }).click();
    await notice(page, 'Score was submitted successfully');
    await page.getByRole('region', { name: 'Entry A (winner)' }).waitFor();
    expect(await page.getByText('DISPUTE', { exact: true }).count()).toBe(0);

    await page.goto('/admin/disputes');
    await page.getByRole('searchbox', { name: 'Search tournament matches' }).fill(m.userB!.discordName);
    await page.getByText('No results found').waitFor();
    expect([...errors, ...a.errors, ...b.errors]).toEqual([]);
  });
});
