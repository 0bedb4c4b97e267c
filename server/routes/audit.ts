import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute } from '../http/route';
import { listAudit } from '../services/auditLog';
import { AuditEntry } from '../../src/api/contract/audit';
import { PageQuery, Paged } from '../../src/api/contract/common';

export function auditRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/admin/audit', summary: 'The audit log: staff changes of roles, user and team records and site images, newest first; paged', access: 'owner', query: PageQuery, responses: Paged(AuditEntry) },
    async ({ query }) => {
      const page = toPage(query);
      const { rows, total } = await listAudit(db, page);
      return pageAnswer(page, total, rows);
    },
  );
}
