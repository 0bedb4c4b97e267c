/** GET /v1/admin/audit (paged, OWNER only): the audit log, newest first, for usePagedList with the AuditEntry struct. */
export const AUDIT_ENDPOINT = '/admin/audit';
