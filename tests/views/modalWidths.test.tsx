import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import { startTestServer, type TestServer } from '../support/testServer';
import { renderApp } from '../support/renderApp';

configure({ asyncUtilTimeout: 8000 });
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

/** The width a dialog is given, in px: Mantine sets it as `--modal-size` (rem at the default 16 px) on the modal's root. */
function widthOf(dialog: HTMLElement): number {
  let el: HTMLElement | null = dialog;
  while (el && !el.style.getPropertyValue('--modal-size')) el = el.parentElement;
  const size = el?.style.getPropertyValue('--modal-size') ?? '';
  const rem = /([\d.]+)rem/.exec(size);
  if (rem) return Number(rem[1]) * 16;
  const px = /([\d.]+)px/.exec(size);
  if (px) return Number(px[1]);
  throw new Error(`no width on the dialog: "${size}"`);
}

/** Spec §9: modal width 600 px when large, 400 px otherwise; nothing in between. */
describe('dialog widths', () => {
  it('gives a large dialog 600 px and every other dialog 400 px', async () => {
    const seasons = await renderApp('/admin/seasons', { server, as: 'AdminAce' });
    await seasons.user.click(await screen.findByRole('button', { name: 'New Season' }));
    expect(widthOf(await screen.findByRole('dialog', { name: 'Add Season' }))).toBe(600);

    const teams = await renderApp('/admin/teams', { server, as: 'AdminAce' });
    const [edit] = await screen.findAllByRole('button', { name: /^Edit / });
    await teams.user.click(edit);
    expect(widthOf(await screen.findByRole('dialog', { name: 'Edit Team' }))).toBe(400);

    const staff = await renderApp('/admin/staff', { server, as: 'ClutchOwner' });
    await staff.user.click(await screen.findByRole('button', { name: 'Promote New Staff' }));
    expect(widthOf(await screen.findByRole('dialog', { name: 'Promote New Staff' }))).toBe(400);

    const users = await renderApp('/admin/users', { server, as: 'AdminAce' });
    const [ban] = await screen.findAllByRole('button', { name: /^Ban / });
    await users.user.click(ban);
    const confirm = await screen.findByRole('dialog', { name: 'Ban User' });
    expect(widthOf(confirm)).toBe(400);
    await users.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  });
});
