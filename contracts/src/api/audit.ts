import { pageOf } from '../schemas/common';
import { AuditEventSchema, AuditQuerySchema } from '../schemas/audit';
import type { Endpoint } from './endpoint';

// The one audit trail (decision 0103): every area's events, read by master admins.

export const auditEvents = {
  method: 'GET',
  path: '/api/admin/audit-events',
  access: 'master-admin',
  query: AuditQuerySchema,
  answer: /* @__PURE__ */ pageOf(AuditEventSchema),
} as const satisfies Endpoint;
