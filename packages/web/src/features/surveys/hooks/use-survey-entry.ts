import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import type { AvailableSurvey } from '@encuestas/core/api/surveys';
import type { Questionnaire } from '@encuestas/core/survey-engine/types';
import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { findEntry } from '../availability';
import { parseActiveId, type AnswerableKind } from '../survey-paths';
import { loadQuestionnaire } from '../survey-questionnaires';
import { useAvailability } from './use-availability';

export interface SurveyEntryState {
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
  /** The availability entry answered here; undefined when the kind is not available to this person now. */
  entry: AvailableSurvey | undefined;
  questionnaire: Questionnaire | undefined;
}

/** The entry of a survey route (kind, {index}, ?activeId=) and the questionnaire it is answered with (its chunk loaded once). */
export function useSurveyEntry(kind: AnswerableKind, index?: number): SurveyEntryState {
  const location = useLocation();
  const availability = useAvailability();
  const activeId = parseActiveId(location.search);
  const entry = availability.data ? findEntry(availability.data, { kind, index, activeId }) : undefined;
  // Only NOM-035 answers a different questionnaire per subject (its guide); a class id must not reload it.
  const subject = entry && surveyKindInfo(kind).subjects === 'nom035Guides' ? entry.subject : '';
  const questionnaire = useQuery({
    queryKey: ['questionnaire', kind, subject],
    queryFn: async () => (await loadQuestionnaire(kind, subject)) ?? null,
    enabled: entry !== undefined,
    // Code, not data: it never changes while the page is open.
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return {
    isLoading: availability.isLoading || questionnaire.isLoading,
    error: availability.error ?? questionnaire.error,
    refetch: () => void (availability.error ? availability.refetch() : questionnaire.refetch()),
    entry,
    questionnaire: questionnaire.data ?? undefined,
  };
}
