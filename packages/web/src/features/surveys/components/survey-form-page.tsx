import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import type { AvailableSurvey, SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { Answers } from '@encuestas/core/survey-engine/types';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft, draftKey, hasDraft } from '../../../survey-runner/draft-storage';
import type { SubmissionFailure } from '../../../survey-runner/server-errors';
import { SurveyRunner } from '../../../survey-runner/survey-runner';
import { useRespondent } from '../../../hooks/use-respondent';
import { allEntries, instructionsShown, nextPendingTeacherEvaluation, timeToAnswer } from '../availability';
import { submitSurveyResponse } from '../api/surveys-api';
import { useAvailability } from '../hooks/use-availability';
import { AVAILABILITY_QUERY_KEY } from '../respondent-queries';
import { useSurveyCatalogs } from '../hooks/use-survey-catalogs';
import { useSurveyEntry } from '../hooks/use-survey-entry';
import type { AnswerableKind } from '../survey-paths';
import { kindTitle } from '../survey-questionnaires';
import { voiceFor } from '../voice';
import { SurveyClosedNotice, SurveyConfirmation } from './survey-confirmation';
import {
  NotAvailableNotice,
  SurveyLoadError,
  SurveyNotice,
  SurveyPageFrame,
  SurveyPageLoading,
  TeacherEvaluationHeader,
  TeacherEvaluationIntro,
} from './survey-page-parts';

type Outcome =
  | { type: 'completed'; entry: AvailableSurvey; result: SubmitResponseResult; nextTeacher?: AvailableSurvey }
  | { type: 'closed'; entry: AvailableSurvey; failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }> };

/** The route's {index}: a whole number, or NaN for anything else. */
function routeIndex(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  return /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN;
}

/**
 * A kind's form (doing, or {index}): the entry from availability, its
 * questionnaire and catalogues, the generic runner, then the confirmation.
 * Teacher evaluation answers the class at {index}; new intake has one
 * questionnaire at index 0; NOM-035 answers the guide availability names next.
 */
export function SurveyFormPage({ kind }: { kind: AnswerableKind }) {
  const title = kindTitle(kind);
  usePageTitle(title);
  const params = useParams();
  const index = routeIndex(params.index);
  const perClass = surveyKindInfo(kind).subjects === 'perClass';
  // New intake is one questionnaire: {index} 0 and nothing else.
  const validIndex = index === undefined || (!Number.isNaN(index) && (perClass || index === 0));
  const queryClient = useQueryClient();
  const { data: respondent } = useRespondent();
  const availability = useAvailability();
  const { isLoading, error, refetch, entry, questionnaire } = useSurveyEntry(kind, perClass ? index : undefined);
  const catalogs = useSurveyCatalogs(questionnaire);
  const location = useLocation();
  const [introSeen, setIntroSeen] = useState(() => instructionsShown(location.state));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const voice = voiceFor(respondent?.type);
  // Answered already (elsewhere, or the answer to a lost reply got through): a draft left here is of no use.
  const answeredDraftKey =
    entry?.done && respondent
      ? draftKey({
          kind: entry.kind,
          activeId: entry.activeId,
          cicleId: entry.cicleId,
          subject: entry.subject,
          respondent: { type: respondent.type, id: respondent.id },
        })
      : null;
  useEffect(() => {
    if (answeredDraftKey) clearDraft(answeredDraftKey);
  }, [answeredDraftKey]);

  if (outcome?.type === 'completed') {
    return (
      <SurveyPageFrame>
        <SurveyConfirmation
          entry={outcome.entry}
          result={outcome.result}
          nextTeacher={outcome.nextTeacher}
          currentEntry={entry}
          voice={voice}
        />
      </SurveyPageFrame>
    );
  }
  if (outcome?.type === 'closed') {
    return (
      <SurveyPageFrame>
        <SurveyClosedNotice title={title} failure={outcome.failure} />
      </SurveyPageFrame>
    );
  }
  if (!validIndex) {
    return (
      <SurveyPageFrame>
        <NotAvailableNotice title={title} />
      </SurveyPageFrame>
    );
  }
  if (isLoading || !respondent || catalogs.isLoading) {
    return (
      <SurveyPageFrame>
        <SurveyPageLoading />
      </SurveyPageFrame>
    );
  }
  if (error || catalogs.error) {
    return (
      <SurveyPageFrame>
        <SurveyLoadError
          error={error ?? catalogs.error}
          onRetry={() => {
            refetch();
            catalogs.refetch();
          }}
        />
      </SurveyPageFrame>
    );
  }
  if (!entry || !questionnaire) {
    return (
      <SurveyPageFrame>
        <NotAvailableNotice title={title} />
      </SurveyPageFrame>
    );
  }
  if (entry.done) {
    return (
      <SurveyPageFrame>
        <SurveyNotice
          title={title}
          severity="success"
          message={perClass ? 'Ya evaluaste esta materia. ¡Gracias por tu participación!' : voice.alreadyAnswered}
        />
      </SurveyPageFrame>
    );
  }
  if (!catalogs.catalogs) {
    return (
      <SurveyPageFrame>
        <SurveyPageLoading />
      </SurveyPageFrame>
    );
  }

  const key = draftKey({
    kind: entry.kind,
    activeId: entry.activeId,
    cicleId: entry.cicleId,
    subject: entry.subject,
    respondent: { type: respondent.type, id: respondent.id },
  });
  const submittedEntry = entry;
  // Before the first class of the application (none evaluated, none started): the instructions once.
  const firstClass =
    perClass &&
    availability.data !== undefined &&
    !allEntries(availability.data).some((e) => e.kind === entry.kind && e.activeId === entry.activeId && e.done) &&
    !hasDraft(key);
  if (firstClass && !introSeen) {
    return (
      <SurveyPageFrame>
        <TeacherEvaluationIntro
          title={title}
          instructions={questionnaire.instructions}
          time={timeToAnswer(entry)}
          onStart={() => setIntroSeen(true)}
        />
      </SurveyPageFrame>
    );
  }

  const onSubmit = (answers: Answers, idempotencyKey: string) =>
    submitSurveyResponse({
      activeId: submittedEntry.activeId,
      cicleId: submittedEntry.cicleId,
      subject: submittedEntry.subject,
      idempotencyKey,
      answers,
    });

  const onCompleted = (result: SubmitResponseResult) => {
    const nextTeacher =
      perClass && availability.data ? nextPendingTeacherEvaluation(availability.data, submittedEntry) : undefined;
    setOutcome({ type: 'completed', entry: submittedEntry, result, nextTeacher });
    void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
  };

  const onClosed = (failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }>) => {
    setOutcome({ type: 'closed', entry: submittedEntry, failure });
    void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
  };

  return (
    <SurveyPageFrame>
      <SurveyRunner
        // A new entry (the next class, the next guide) is a new form with its own draft.
        key={key}
        questionnaire={questionnaire}
        catalogs={catalogs.catalogs}
        draft={{ key, closesOn: entry.endActive }}
        texts={{ restored: voice.restored, stepErrors: voice.stepErrors }}
        header={
          perClass ? (
            <TeacherEvaluationHeader entry={entry} total={availability.data?.encuestasDocente.length ?? 1} />
          ) : undefined
        }
        onSubmit={onSubmit}
        onCompleted={onCompleted}
        onClosed={onClosed}
      />
    </SurveyPageFrame>
  );
}
