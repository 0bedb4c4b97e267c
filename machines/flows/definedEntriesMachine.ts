import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import type { DefinedEntries, Tournament } from '../../src/api/contract/tournament';
import { getTournament, updateDefinedEntries } from '../../src/api/endpoints/adminTournaments';
import { applyEdit, differs, toDefinedEntries, toDraft, type Draft, type DraftEdit } from '../rules/definedEntriesDraft';

interface Context {
  id: number;
  tournament: Tournament | null;
  draft: Draft;
  /** Where the admin wanted to go when the leave warning stopped them. */
  pendingHref: string | null;
}

type Event = DraftEdit | { type: 'entries.save' } | { type: 'leave.request'; href: string } | { type: 'leave.confirm' } | { type: 'leave.cancel' } | { type: 'load.retry' };

/**
 * While there are unsaved changes: the browser asks before the tab closes or reloads (beforeunload), and a click on
 * any in-app link is held back and reported as `leave.request` so the page can ask first.
 */
const guardLeaving = fromCallback(({ sendBack }) => {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    event.returnValue = '';
  };
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return; // leaving the site: beforeunload asks
    event.preventDefault();
    event.stopPropagation();
    sendBack({ type: 'leave.request', href: `${url.pathname}${url.search}${url.hash}` });
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  // Capture phase on the document runs before the router's own click handler.
  document.addEventListener('click', onClick, true);
  return () => {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onClick, true);
  };
});

const EDITS = [
  'user.add',
  'user.change',
  'user.remove',
  'team.add',
  'team.change',
  'team.remove',
  'member.add',
  'member.change',
  'member.remove',
] as const satisfies readonly DraftEdit['type'][];

/**
 * The predefined entries editor: loading → editing (clean | dirty) ⇄ saving, and confirmingLeave when the admin
 * tries to leave with unsaved changes. Blank names are ignored when saving and when deciding what is unsaved.
 * The view provides `reportError`, `notifySaved` and `leave` (go where the admin wanted to go).
 */
export const definedEntriesMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { id: number } },
  actors: {
    load: fromPromise<Tournament, number>(({ input }) => getTournament(input)),
    save: fromPromise<DefinedEntries, { tournament: Tournament; entries: DefinedEntries }>(async ({ input }) => {
      await updateDefinedEntries(input.tournament, input.entries);
      return input.entries;
    }),
    guardLeaving,
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    edit: assign({
      draft: ({ context, event }) => {
        assertEvent(event, EDITS);
        return applyEdit(context.draft, event);
      },
    }),
    notifySaved: () => {},
    leave: (_, _params: { href: string }) => {},
  },
  guards: {
    hasChanges: ({ context }) => !!context.tournament && differs(context.draft, context.tournament.definedEntries),
  },
}).createMachine({
  id: 'definedEntries',
  context: ({ input }) => ({ id: input.id, tournament: null, draft: { users: [], teams: [] }, pendingHref: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => context.id,
        onDone: {
          target: 'editing',
          actions: assign({ tournament: ({ event }) => event.output, draft: ({ event }) => toDraft(event.output.definedEntries) }),
        },
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'load.retry': 'loading' } },
    editing: {
      initial: 'checking',
      on: {
        'user.add': { target: '.checking', actions: 'edit' },
        'user.change': { target: '.checking', actions: 'edit' },
        'user.remove': { target: '.checking', actions: 'edit' },
        'team.add': { target: '.checking', actions: 'edit' },
        'team.change': { target: '.checking', actions: 'edit' },
        'team.remove': { target: '.checking', actions: 'edit' },
        'member.add': { target: '.checking', actions: 'edit' },
        'member.change': { target: '.checking', actions: 'edit' },
        'member.remove': { target: '.checking', actions: 'edit' },
        'entries.save': 'saving',
      },
      states: {
        checking: { always: [{ guard: 'hasChanges', target: 'dirty' }, { target: 'clean' }] },
        clean: {},
        dirty: {
          invoke: { src: 'guardLeaving' },
          on: { 'leave.request': { target: '#definedEntries.confirmingLeave', actions: assign({ pendingHref: ({ event }) => event.href }) } },
        },
      },
    },
    confirmingLeave: {
      // Still guarded: closing the tab while the question is open also asks.
      invoke: { src: 'guardLeaving' },
      on: {
        'leave.confirm': { target: 'left', actions: { type: 'leave', params: ({ context }) => ({ href: context.pendingHref! }) } },
        'leave.cancel': { target: 'editing', actions: assign({ pendingHref: null }) },
      },
    },
    left: { type: 'final' },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ tournament: context.tournament!, entries: toDefinedEntries(context.draft) }),
        onDone: {
          target: 'editing',
          actions: [
            assign({
              tournament: ({ context, event }) => ({ ...context.tournament!, definedEntries: event.output }),
              draft: ({ event }) => toDraft(event.output),
            }),
            'notifySaved',
          ],
        },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
