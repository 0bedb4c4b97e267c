import { api } from '../client';

/** Whose match calendar: a league team's or a player's. */
export type CalendarOwner = 'team' | 'user';

/**
 * The address of a match calendar (GET /v1/team/{id}/calendar.ics, GET /v1/user/{id}/calendar.ics), absolute
 * against `base` (the page's address when the API is on the same origin).
 */
export const calendarFeedUrl = (owner: CalendarOwner, id: number, base: string) => new URL(api.url(`/${owner}/${id}/calendar.ics`), base).href;

/** The same feed for calendar apps: webcal:// asks the system's calendar to subscribe to it. */
export const webcalUrl = (feedUrl: string) => feedUrl.replace(/^https?:/, 'webcal:');
