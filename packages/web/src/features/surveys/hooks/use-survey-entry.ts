import { useLocation } from 'react-router';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { findEntry } from '../availability';
import { parseActiveId, type AnswerableKind } from '../survey-paths';
import { questionnaireForEntry } from '../survey-questionnaires';
import { useAvailability } from './use-availability';

export interface SurveyEntryState {
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  /** The availability entry answered here; undefined when the kind is not available to this person now. */
  entry: AvailableSurvey | undefined;
  questionnaire: Questionnaire | undefined;
}

/** The entry of a survey route (kind, {index}, ?activeId=) and the questionnaire it is answered with. */
export function useSurveyEntry(kind: AnswerableKind, index?: number): SurveyEntryState {
  const location = useLocation();
  const availability = useAvailability();
  const activeId = parseActiveId(location.search);
  const entry = availability.data ? findEntry(availability.data, { kind, index, activeId }) : undefined;
  return {
    isLoading: availability.isLoading,
    error: availability.error,
    refetch: () => void availability.refetch(),
    entry,
    questionnaire: entry ? questionnaireForEntry(entry.kind, entry.subject) : undefined,
  };
}
