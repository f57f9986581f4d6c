import { ClientIdParamSchema, IdParamSchema } from '../schemas/queries';
import {
  ReportScheduleInputSchema,
  ReportScheduleSchema,
  ReportSendInputSchema,
  ReportSendListSchema,
  ReportSentSchema,
} from '../schemas/report-emails';
import type { Endpoint } from './endpoint';

// A client's monthly report by e-mail: its schedule, sending it now or as a test, and who it went to.

export const reportSchedule = {
  method: 'GET',
  path: '/api/admin/clients/:clientId/report-schedule',
  access: 'staff',
  params: ClientIdParamSchema,
  answer: ReportScheduleSchema,
} as const satisfies Endpoint;

export const saveReportSchedule = {
  method: 'PUT',
  path: '/api/admin/clients/:clientId/report-schedule',
  access: 'staff',
  params: ClientIdParamSchema,
  body: ReportScheduleInputSchema,
  answer: ReportScheduleSchema,
} as const satisfies Endpoint;

/** Sends the report now to the schedule's recipients, or as a test to the signed-in staff member only. */
export const sendReport = {
  method: 'POST',
  path: '/api/admin/reports/:id/send',
  access: 'staff',
  params: IdParamSchema,
  body: ReportSendInputSchema,
  answer: ReportSentSchema,
} as const satisfies Endpoint;

export const reportSends = {
  method: 'GET',
  path: '/api/admin/reports/:id/sends',
  access: 'staff',
  params: IdParamSchema,
  answer: ReportSendListSchema,
} as const satisfies Endpoint;
