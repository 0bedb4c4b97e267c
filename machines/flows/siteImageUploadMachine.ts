import { fromPromise, setup } from 'xstate';
import { uploadSiteImage } from '../../src/api/endpoints/siteImages';
import { LOGO_MAX_BYTES } from '../../src/domain/constants';

export type SiteImageUploadEvent = { type: 'image.pick'; path: string; file: File };

/**
 * One upload of the admin Images screen: idle → uploading → idle. A picked file of 5MB or more is refused before
 * sending (`reportTooLarge`); after a success the view notifies and reloads the page (seasons-and-admin §7).
 */
export const siteImageUploadMachine = setup({
  types: { events: {} as SiteImageUploadEvent },
  actors: {
    upload: fromPromise<unknown, { path: string; file: File }>(({ input }) => uploadSiteImage(input.path, input.file)),
  },
  actions: {
    notifyUploaded: () => {},
    reloadPage: () => {},
    reportTooLarge: () => {},
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    isSmallEnough: ({ event }) => event.file.size < LOGO_MAX_BYTES,
  },
}).createMachine({
  id: 'siteImageUpload',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'image.pick': [{ guard: 'isSmallEnough', target: 'uploading' }, { actions: 'reportTooLarge' }],
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ event }) => ({ path: (event as SiteImageUploadEvent).path, file: (event as SiteImageUploadEvent).file }),
        onDone: { target: 'idle', actions: ['notifyUploaded', 'reloadPage'] },
        onError: { target: 'idle', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
