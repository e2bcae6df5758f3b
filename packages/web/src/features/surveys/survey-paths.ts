import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import { surveyKindInfo, type SurveyKindId } from '@encuestas/core/survey-kinds';

/** Survey kinds with their own pages (spec §2): the kind id is the route path. */
export type AnswerableKind = Exclude<SurveyKindId, 'buzon'>;

export const EVALUATED_LIST_PATH = '/evaluated-list';
export const SUGGESTION_BOX_PATH = '/buzon';
export const PRIVACY_NOTICE_PATH = '/aviso-de-privacidad';

function withActive(path: string, activeId: number | undefined): string {
  return activeId === undefined ? path : `${path}?activeId=${activeId}`;
}

/** The instructions page of a kind. */
export function surveyIndexPath(kind: AnswerableKind, activeId?: number): string {
  return withActive(`/${kind}`, activeId);
}

/**
 * The form of one entry: teacher evaluation and new intake by {index}
 * (new intake has one questionnaire: index 0), every other kind at /doing.
 */
export function surveyFormPath(entry: Pick<AvailableSurvey, 'kind' | 'index'>, activeId?: number): string {
  const kind = entry.kind as AnswerableKind;
  if (surveyKindInfo(kind).formPath === 'index') return withActive(`/${kind}/${entry.index ?? 0}`, activeId);
  return withActive(`/${kind}/doing`, activeId);
}

/** ?activeId= of a survey route, when valid. */
export function parseActiveId(search: string): number | undefined {
  const value = new URLSearchParams(search).get('activeId');
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
