import { type } from 'superstruct';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff } from '../auth/plugin';
import { defineRoute } from '../http/route';
import { teamCalendar, userCalendar } from '../services/calendars';
import { IdParam } from '../../src/api/contract/common';

const ById = type({ id: IdParam });
const CALENDAR = { contentType: 'text/calendar', description: 'An iCalendar feed (RFC 5545): each upcoming match with its due date and a link' };

/** The match calendars (issue 25): public iCalendar feeds a calendar app subscribes to (webcal://) or that a player downloads. */
export function calendarRoutes(app: FastifyInstance, db: Db, config: Config) {
  const send = (reply: FastifyReply, body: string, filename: string) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${filename}"`)
      // Calendar apps poll (hourly, REFRESH-INTERVAL); a short cache spares the database a burst of them.
      .header('cache-control', 'private, max-age=300')
      .send(body);

  defineRoute(
    app,
    { method: 'GET', url: '/v1/team/:id/calendar.ics', summary: "A league team's upcoming matches as a calendar", access: 'public', params: ById, responses: CALENDAR },
    async ({ reply, params }) => send(reply, await teamCalendar(db, config, params.id), `clutch-team-${params.id}.ics`),
  );
  defineRoute(
    app,
    { method: 'GET', url: '/v1/user/:id/calendar.ics', summary: "A player's upcoming league and tournament matches as a calendar", access: 'public', params: ById, responses: CALENDAR },
    async ({ reply, user, params }) => send(reply, await userCalendar(db, config, params.id, isStaff(user)), `clutch-player-${params.id}.ics`),
  );
}
