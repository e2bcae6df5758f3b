import type { KeyObject } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '@encuestas/core/api/common';
import {
  AVAILABILITY_LISTS,
  availabilityAnswerSchema,
  availabilityListAnswerSchema,
  submitResponseResultSchema,
  submitResponseSchema,
} from '@encuestas/core/api/surveys';
import { buildAnswersSchema } from '@encuestas/core/survey-engine/answers';
import type { Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import type { SurveyKindId } from '@encuestas/core/survey-kinds';
import type { Respondent } from '@encuestas/core/api/respondents';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { cycles } from '../../db/schema';
import { requireTokenSubject } from '../../http/auth';
import { AppError } from '../../http/errors';
import { cachedCatalogs } from '../catalogs/service';
import { loadRespondent } from '../respondents';
import { availabilityFor } from './availability';
import { questionnaireFor } from './questionnaires';
import { submitResponse } from './submissions';

async function currentRespondent(db: Database, request: FastifyRequest): Promise<Respondent> {
  const subject = requireTokenSubject(request);
  if (subject.type === 'admin') throw new AppError('UNAUTHENTICATED');
  const respondent = await loadRespondent(db, subject.type, { id: subject.id });
  if (!respondent) throw new AppError('UNAUTHENTICATED');
  return respondent;
}

/** Answer schemas built once per questionnaire and catalogue refresh. */
function cachedAnswerSchemas(catalogs: () => Promise<Catalogs>) {
  const schemas = new WeakMap<Catalogs, Map<string, ReturnType<typeof buildAnswersSchema>>>();
  return async (questionnaire: Questionnaire) => {
    const current = await catalogs();
    let byQuestionnaire = schemas.get(current);
    if (!byQuestionnaire) schemas.set(current, (byQuestionnaire = new Map()));
    const key = `${questionnaire.id}@${questionnaire.version}`;
    let schema = byQuestionnaire.get(key);
    if (!schema) byQuestionnaire.set(key, (schema = buildAnswersSchema(questionnaire, current)));
    return schema;
  };
}

/** Cycle → survey kind, from memory: cycles are reference data; an unknown id reloads once. */
function cachedCycleKinds(db: Database, ttlMs = 60_000) {
  let loaded: { at: number; kinds: Map<number, SurveyKindId> } | undefined;
  const load = async () => {
    const rows = await db.select({ id: cycles.id, kind: cycles.surveyKind }).from(cycles);
    loaded = { at: Date.now(), kinds: new Map(rows.map((r) => [r.id, r.kind as SurveyKindId])) };
    return loaded.kinds;
  };
  return async (cycleId: number): Promise<SurveyKindId | null> => {
    let kinds = loaded && Date.now() - loaded.at < ttlMs ? loaded.kinds : await load();
    if (!kinds.has(cycleId) && loaded && Date.now() - loaded.at > 1000) kinds = await load();
    return kinds.get(cycleId) ?? null;
  };
}

/**
 * `heldKey` seals held answers (HELD_ANSWERS_KEY). `onSubmitted` runs after
 * each stored submission without being awaited (the server's mover: it must
 * never delay the answer).
 */
export function surveyRoutes(db: Database, heldKey: KeyObject, onSubmitted: () => void = () => undefined): FastifyPluginAsyncZod {
  const catalogs = cachedCatalogs(db);
  const deps = {
    db,
    questionnaireFor,
    answersSchema: cachedAnswerSchemas(catalogs),
    kindOfCycle: cachedCycleKinds(db),
    catalogs,
    heldKey,
  };
  return async (app) => {
    app.get('/respondents/availability', { config: { auth: 'respondent' }, schema: { tags: ['surveys'], response: answers({ 200: availabilityAnswerSchema }) } }, async (request) => {
      const respondent = await currentRespondent(db, request);
      return availabilityFor(db, { type: respondent.type, id: respondent.id, campusId: respondent.campus.id });
    });

    // One list of spec §3; an empty list is a 204 and that kind shows as not available.
    app.get(
      '/respondents/availability/:list',
      { config: { auth: 'respondent' }, schema: {
          tags: ['surveys'],
          params: z.object({ list: z.enum(AVAILABILITY_LISTS) }),
          response: answers({ 200: availabilityListAnswerSchema, 204: z.undefined().describe('The list is empty: that kind is not available') }),
        },
      },
      async (request, reply) => {
        const respondent = await currentRespondent(db, request);
        const lists = await availabilityFor(db, { type: respondent.type, id: respondent.id, campusId: respondent.campus.id });
        const items = lists[request.params.list];
        if (items.length === 0) return reply.status(204).send();
        return { [request.params.list]: items };
      },
    );

    app.post(
      '/respondents/responses',
      // The hottest write: its one context query checks the session too.
      { config: { auth: 'respondent', sessionCheck: 'route' }, schema: { tags: ['surveys'], body: submitResponseSchema, response: answers({ 200: submitResponseResultSchema, 201: submitResponseResultSchema }) } },
      async (request, reply) => {
        const { status, result } = await submitResponse(deps, requireTokenSubject(request), request.body);
        if (status === 201) onSubmitted();
        return reply.status(status).send(result);
      },
    );
  };
}
