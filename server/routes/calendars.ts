import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isStaff } from '../auth/plugin';
import { idParam } from '../http/validate';
import { teamCalendar, userCalendar } from '../services/calendars';

/** The match calendars (issue 25): public iCalendar feeds a calendar app subscribes to (webcal://) or that a player downloads. */
export function calendarRoutes(app: FastifyInstance, db: Db, config: Config) {
  const id = (request: FastifyRequest) => idParam((request.params as { id: string }).id);
  const send = (reply: FastifyReply, body: string, filename: string) =>
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `inline; filename="${filename}"`)
      // Calendar apps poll (hourly, REFRESH-INTERVAL); a short cache spares the database a burst of them.
      .header('cache-control', 'private, max-age=300')
      .send(body);

  app.get('/v1/team/:id/calendar.ics', async (request, reply) => {
    const teamId = id(request);
    return send(reply, await teamCalendar(db, config, teamId), `clutch-team-${teamId}.ics`);
  });

  app.get('/v1/user/:id/calendar.ics', async (request, reply) => {
    const userId = id(request);
    return send(reply, await userCalendar(db, config, userId, isStaff(request.user)), `clutch-player-${userId}.ics`);
  });
}
