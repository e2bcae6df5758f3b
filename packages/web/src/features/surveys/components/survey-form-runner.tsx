import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Respondent } from '@encuestas/core/api/respondents';
import type { Availability, AvailableSurvey, SubmitResponseResult } from '@encuestas/core/api/surveys';
import type { Answers, Catalogs, Questionnaire } from '@encuestas/core/survey-engine/types';
import { hasDraft } from '../../../survey-runner/draft-storage';
import type { SubmissionFailure } from '../../../survey-runner/server-errors';
import { SurveyRunner } from '../../../survey-runner/survey-runner';
import { allEntries, nextPendingTeacherEvaluation, timeToAnswer } from '../availability';
import { submitSurveyResponse } from '../api/surveys-api';
import { AVAILABILITY_QUERY_KEY } from '../respondent-queries';
import { voiceFor } from '../voice';
import { entryDraftKey } from './entry-draft';
import { SurveyPageFrame, TeacherEvaluationHeader, TeacherEvaluationIntro } from './survey-page-parts';

// Loaded only for a class whose teacher wrote a reflection: every survey form shares this module (bundle-budgets.json).
const TeacherReflectionCard = lazy(async () => ({ default: (await import('./teacher-reflection')).TeacherReflectionCard }));

/** What became of the answers sent: the page shows the confirmation or the refusal instead of the form. */
export type Outcome =
  | { type: 'completed'; entry: AvailableSurvey; result: SubmitResponseResult; nextTeacher?: AvailableSurvey }
  | { type: 'closed'; entry: AvailableSurvey; failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }> };

interface SurveyFormRunnerProps {
  title: string;
  perClass: boolean;
  entry: AvailableSurvey;
  questionnaire: Questionnaire;
  catalogs: Catalogs;
  respondent: Respondent;
  availability: Availability | undefined;
  introSeen: boolean;
  onIntroSeen: () => void;
  onOutcome: (outcome: Outcome) => void;
}

/**
 * The entry's form once everything is loaded: teacher evaluation's
 * instructions before the first class, what a class's teacher wrote of an
 * earlier term's results before its form (once, unless a draft shows it was
 * started), then the runner, whose answer (or refusal) becomes the page's
 * outcome and refreshes availability.
 */
export function SurveyFormRunner(props: SurveyFormRunnerProps) {
  const { title, perClass, entry, questionnaire, catalogs, respondent, availability, introSeen, onIntroSeen, onOutcome } = props;
  const queryClient = useQueryClient();
  const voice = voiceFor(respondent.type);
  const key = entryDraftKey(entry, respondent);
  const submittedEntry = entry;
  const total = availability?.encuestasDocente.length ?? 1;
  const [reflectionSeen, setReflectionSeen] = useState<string | null>(null);
  const reflectionFirst = perClass && entry.reflection !== undefined && reflectionSeen !== key && !hasDraft(key);
  const reflection = entry.reflection ? (
    <Suspense fallback={null}>
      <TeacherReflectionCard reflection={entry.reflection} teacherName={entry.teacher?.full_name} />
    </Suspense>
  ) : null;
  // Before the first class of the application (none evaluated, none started): the instructions once.
  const firstClass =
    perClass &&
    availability !== undefined &&
    !allEntries(availability).some((e) => e.kind === entry.kind && e.activeId === entry.activeId && e.done) &&
    !hasDraft(key);
  if (firstClass && !introSeen) {
    return (
      <SurveyPageFrame>
        <TeacherEvaluationIntro
          title={title}
          instructions={questionnaire.instructions}
          time={timeToAnswer(entry)}
          onStart={() => {
            setReflectionSeen(key);
            onIntroSeen();
          }}
        >
          {reflection}
        </TeacherEvaluationIntro>
      </SurveyPageFrame>
    );
  }
  if (reflectionFirst) {
    return (
      <SurveyPageFrame>
        <TeacherEvaluationIntro title={title} onStart={() => setReflectionSeen(key)}>
          <TeacherEvaluationHeader entry={entry} total={total} />
          {reflection}
        </TeacherEvaluationIntro>
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
    const nextTeacher = perClass && availability ? nextPendingTeacherEvaluation(availability, submittedEntry) : undefined;
    onOutcome({ type: 'completed', entry: submittedEntry, result, nextTeacher });
    void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
  };

  const onClosed = (failure: Exclude<SubmissionFailure, { type: 'invalid' | 'retryable' }>) => {
    onOutcome({ type: 'closed', entry: submittedEntry, failure });
    void queryClient.invalidateQueries({ queryKey: AVAILABILITY_QUERY_KEY });
  };

  return (
    <SurveyPageFrame>
      <SurveyRunner
        // A new entry (the next class, the next guide) is a new form with its own draft.
        key={key}
        questionnaire={questionnaire}
        catalogs={catalogs}
        draft={{ key, closesOn: entry.endActive }}
        texts={{ restored: voice.restored, stepErrors: voice.stepErrors }}
        header={perClass ? <TeacherEvaluationHeader entry={entry} total={total} /> : undefined}
        onSubmit={onSubmit}
        onCompleted={onCompleted}
        onClosed={onClosed}
      />
    </SurveyPageFrame>
  );
}
