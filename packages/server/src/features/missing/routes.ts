import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  academicRemindersBodySchema,
  missingAcademicQuerySchema,
  missingFilterValuesQuerySchema,
  missingFilterValuesSchema,
  missingReportSchema,
  missingStudentsQuerySchema,
  periodAcademicRemindersBodySchema,
  periodMissingAcademicQuerySchema,
  periodMissingReportSchema,
  periodMissingStudentsQuerySchema,
  periodMissingValuesQuerySchema,
  periodMissingValuesSchema,
  periodStudentRemindersBodySchema,
  REMINDER_JOB_NOT_FOUND,
  reminderJobAnswerSchema,
  reminderRecipientsSchema,
  studentRemindersBodySchema,
  type DirectoryFilter,
  type MissingAudience,
} from '@encuestas/core/api/missing';
import { answers, idParamSchema } from '@encuestas/core/api/common';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { requireAdmin } from '../../http/auth';
import { assertReminderLinks } from './reminder-links';
import { allTypesRecipients, findReminderJob, ReminderRunner, reminderRecipients, type ReminderDeps } from './reminders';
import { allTypesFilterValues, buildAllTypesReport, resolveAllTypes } from './all-types';
import { buildMissingReport, missingFilterValues, resolveMissing, splitMissingQuery } from './service';

const AUDIENCES = [
  {
    audience: 'students',
    query: missingStudentsQuerySchema,
    body: studentRemindersBodySchema,
    periodQuery: periodMissingStudentsQuerySchema,
    periodBody: periodStudentRemindersBodySchema,
  },
  {
    audience: 'academic',
    query: missingAcademicQuerySchema,
    body: academicRemindersBodySchema,
    periodQuery: periodMissingAcademicQuerySchema,
    periodBody: periodAcademicRemindersBodySchema,
  },
] as const satisfies readonly { audience: MissingAudience; query: unknown; body: unknown; periodQuery: unknown; periodBody: unknown }[];

/** Splits a validated all-types query (the period is the path's) into its campus, filter and page. */
function splitPeriodQuery(query: { campusId?: number | undefined; page?: number; perPage?: number } & DirectoryFilter) {
  const { campusId, page = 1, perPage = 10, ...filter } = query;
  return { scope: { campusId, filter }, page: { page, perPage } };
}

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Audience = (typeof AUDIENCES)[number];

/**
 * Missing respondents (spec §7: GET /ciclo/{id}/missing/students and
 * /missing/academic) and their reminders. The report permission and grants
 * come from resolveReportScope (inside resolveMissing); naming people needs
 * 'Ver Pendientes por Responder' (checked in buildMissingReport), sending
 * 'Enviar Recordatorios'. A reminder may link only to the platform
 * (reminder-links.ts). GET /periodos/{id}/missing/{audience} and its
 * reminders read every survey type of the audience in the period at once
 * (all-types.ts), with the same checks for each type.
 */
export function missingRoutes(deps: ReminderDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const runner = new ReminderRunner(deps);
    app.addHook('onClose', async () => runner.stop());

    for (const audience of AUDIENCES) {
      periodMissingRoutes(app, deps, runner, audience);
      cycleMissingRoutes(app, deps, runner, audience);
    }

    app.get(
      '/reminders/:id',
      {
        config: { auth: 'admin', permission: PERMISSIONS.sendReminders },
        schema: { tags: ['missing'], params: z.object({ id: z.uuid({ error: REMINDER_JOB_NOT_FOUND }) }), response: answers({ 200: reminderJobAnswerSchema }) },
      },
      async (request) => ({ job: await findReminderJob(deps.db, requireAdmin(request), request.params.id) }),
    );
  };
}

/** An audience's missing people across every survey type of a period (all-types.ts): filter values, list, recipients, reminders. */
function periodMissingRoutes(app: ZodApp, deps: ReminderDeps, runner: ReminderRunner, { audience, periodQuery, periodBody }: Audience) {
  const { db } = deps;
  app.get(
    `/periodos/:id/missing/${audience}/values`,
    {
      config: { auth: 'admin' },
      schema: { tags: ['missing'], params: idParamSchema, querystring: periodMissingValuesQuerySchema, response: answers({ 200: periodMissingValuesSchema }) },
    },
    async (request) => {
      const principal = requireAdmin(request);
      const resolved = await resolveAllTypes(db, principal, request.params.id, audience, { campusId: request.query.campusId, filter: {} });
      return allTypesFilterValues(db, principal, resolved);
    },
  );

  app.get(
    `/periodos/:id/missing/${audience}`,
    {
      config: { auth: 'admin' },
      schema: { tags: ['missing'], params: idParamSchema, querystring: periodQuery, response: answers({ 200: periodMissingReportSchema }) },
    },
    async (request) => {
      const principal = requireAdmin(request);
      const { scope, page } = splitPeriodQuery(request.query);
      return buildAllTypesReport(db, principal, await resolveAllTypes(db, principal, request.params.id, audience, scope), page);
    },
  );

  app.get(
    `/periodos/:id/missing/${audience}/reminders/recipients`,
    {
      config: { auth: 'admin', permission: PERMISSIONS.sendReminders },
      schema: { tags: ['missing'], params: idParamSchema, querystring: periodQuery, response: answers({ 200: reminderRecipientsSchema }) },
    },
    async (request) => {
      const principal = requireAdmin(request);
      const { scope } = splitPeriodQuery(request.query);
      return allTypesRecipients(deps, await resolveAllTypes(db, principal, request.params.id, audience, scope));
    },
  );

  app.post(
    `/periodos/:id/missing/${audience}/reminders`,
    {
      config: { auth: 'admin', permission: PERMISSIONS.sendReminders },
      schema: { tags: ['missing'], params: idParamSchema, body: periodBody, response: answers({ 202: reminderJobAnswerSchema }) },
    },
    async (request, reply) => {
      const principal = requireAdmin(request);
      const { subject, text, ...filters } = request.body;
      assertReminderLinks({ subject, text }, deps.publicUrl);
      const { scope } = splitPeriodQuery(filters);
      const job = await runner.startAllTypes(principal, await resolveAllTypes(db, principal, request.params.id, audience, scope), { subject, text });
      return reply.status(202).send({ job });
    },
  );
}

/** An audience's missing people for one survey type (cycle) of a period: filter values, list, recipients, reminders. */
function cycleMissingRoutes(app: ZodApp, deps: ReminderDeps, runner: ReminderRunner, { audience, query, body }: Audience) {
  const { db } = deps;
  app.get(
    `/ciclo/:id/missing/${audience}/values`,
    {
      config: { auth: 'admin' },
      schema: { tags: ['missing'], params: idParamSchema, querystring: missingFilterValuesQuerySchema, response: answers({ 200: missingFilterValuesSchema }) },
    },
    async (request) => {
      const principal = requireAdmin(request);
      const { periodoId, campusId } = request.query;
      return missingFilterValues(db, principal, await resolveMissing(db, principal, request.params.id, audience, { periodoId, campusId, filter: {} }));
    },
  );

  app.get(
    `/ciclo/:id/missing/${audience}`,
    { config: { auth: 'admin' }, schema: { tags: ['missing'], params: idParamSchema, querystring: query, response: answers({ 200: missingReportSchema }) } },
    async (request) => {
      const principal = requireAdmin(request);
      const { scope, page } = splitMissingQuery(request.query);
      return buildMissingReport(db, principal, await resolveMissing(db, principal, request.params.id, audience, scope), page);
    },
  );

  app.get(
    `/ciclo/:id/missing/${audience}/reminders/recipients`,
    {
      config: { auth: 'admin', permission: PERMISSIONS.sendReminders },
      schema: { tags: ['missing'], params: idParamSchema, querystring: query, response: answers({ 200: reminderRecipientsSchema }) },
    },
    async (request) => {
      const principal = requireAdmin(request);
      const { scope } = splitMissingQuery(request.query);
      return reminderRecipients(deps, await resolveMissing(db, principal, request.params.id, audience, scope));
    },
  );

  app.post(
    `/ciclo/:id/missing/${audience}/reminders`,
    {
      config: { auth: 'admin', permission: PERMISSIONS.sendReminders },
      schema: { tags: ['missing'], params: idParamSchema, body, response: answers({ 202: reminderJobAnswerSchema }) },
    },
    async (request, reply) => {
      const principal = requireAdmin(request);
      const { subject, text, ...filters } = request.body;
      assertReminderLinks({ subject, text }, deps.publicUrl);
      const { scope } = splitMissingQuery(filters);
      const job = await runner.start(principal, await resolveMissing(db, principal, request.params.id, audience, scope), { subject, text });
      return reply.status(202).send({ job });
    },
  );
}
