import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { pageQuery } from '../http/validate';
import { listAudit } from '../services/auditLog';

export function auditRoutes(app: FastifyInstance, db: Db) {
  /** The audit log (OWNER only): staff changes of roles, user and team records and site images, newest first; paged. */
  app.get('/v1/admin/audit', async (request) => {
    requireRole(request, ['OWNER']);
    const page = pageQuery(request.query);
    const { rows, total } = await listAudit(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows };
  });
}
