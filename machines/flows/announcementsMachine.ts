import { assign, fromPromise, setup } from 'xstate';
import type { AnnouncementSettings } from '../../src/api/contract/announcements';
import { getAnnouncements, sendTestAnnouncement, type AnnouncementOwner } from '../../src/api/endpoints/announcements';

export type AnnouncementsEvent = { type: 'list.refresh' } | { type: 'test.send' };

/**
 * The Discord announcements part of the admin tournament and season dialogs (issue 25): loading → ready (the
 * webhook, masked, and the latest deliveries) | failed; Refresh reloads; Send test message queues one and reloads.
 * Effects the view provides: `reportError`, `testQueued`.
 */
export const announcementsMachine = setup({
  types: {
    context: {} as { owner: AnnouncementOwner; settings: AnnouncementSettings | null },
    events: {} as AnnouncementsEvent,
    input: {} as { owner: AnnouncementOwner },
  },
  actors: {
    loadSettings: fromPromise<AnnouncementSettings, AnnouncementOwner>(({ input }) => getAnnouncements(input)),
    sendTest: fromPromise<unknown, AnnouncementOwner>(({ input }) => sendTestAnnouncement(input)),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    testQueued: () => {},
  },
  guards: {
    hasWebhook: ({ context }) => !!context.settings?.webhook,
  },
}).createMachine({
  id: 'announcements',
  context: ({ input }) => ({ owner: input.owner, settings: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSettings',
        input: ({ context }) => context.owner,
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        'list.refresh': 'loading',
        'test.send': { guard: 'hasWebhook', target: 'sendingTest' },
      },
    },
    sendingTest: {
      invoke: {
        src: 'sendTest',
        input: ({ context }) => context.owner,
        onDone: { target: 'loading', actions: 'testQueued' },
        onError: { target: 'ready', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'list.refresh': 'loading' } },
  },
});
