import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../../hooks/use-page-title';
import { clearDraft } from '../../../survey-runner/draft-storage';
import { useRespondent } from '../../../hooks/use-respondent';
import { instructionsShown } from '../availability';
import { useAvailability } from '../hooks/use-availability';
import { useSurveyCatalogs } from '../hooks/use-survey-catalogs';
import { useSurveyEntry } from '../hooks/use-survey-entry';
import type { AnswerableKind } from '../survey-paths';
import { kindTitle } from '../survey-questionnaires';
import { voiceFor } from '../voice';
import { entryDraftKey } from './entry-draft';
import { SurveyClosedNotice, SurveyConfirmation } from './survey-confirmation';
import { SurveyFormRunner, type Outcome } from './survey-form-runner';
import { NotAvailableNotice, SurveyLoadError, SurveyNotice, SurveyPageLoading, framed } from './survey-page-parts';

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
  const { data: respondent } = useRespondent();
  const availability = useAvailability();
  const { isLoading, error, refetch, entry, questionnaire } = useSurveyEntry(kind, perClass ? index : undefined);
  const catalogs = useSurveyCatalogs(questionnaire);
  const location = useLocation();
  const [introSeen, setIntroSeen] = useState(() => instructionsShown(location.state));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const voice = voiceFor(respondent?.type);
  // Answered already (elsewhere, or the answer to a lost reply got through): a draft left here is of no use.
  const answeredDraftKey = entry?.done && respondent ? entryDraftKey(entry, respondent) : null;
  useEffect(() => {
    if (answeredDraftKey) clearDraft(answeredDraftKey);
  }, [answeredDraftKey]);

  if (outcome?.type === 'completed') {
    return framed(
      <SurveyConfirmation
        entry={outcome.entry}
        result={outcome.result}
        nextTeacher={outcome.nextTeacher}
        currentEntry={entry}
        voice={voice}
      />
    );
  }
  if (outcome?.type === 'closed') return framed(<SurveyClosedNotice title={title} failure={outcome.failure} />);
  if (!validIndex) return framed(<NotAvailableNotice title={title} />);
  if (isLoading || !respondent || catalogs.isLoading) return framed(<SurveyPageLoading />);
  if (error || catalogs.error) {
    return framed(
      <SurveyLoadError
        error={error ?? catalogs.error}
        onRetry={() => {
          refetch();
          catalogs.refetch();
        }}
      />
    );
  }
  if (!entry || !questionnaire) return framed(<NotAvailableNotice title={title} />);
  if (entry.done) {
    return framed(
      <SurveyNotice
        title={title}
        severity="success"
        message={perClass ? 'Ya evaluaste esta materia. ¡Gracias por tu participación!' : voice.alreadyAnswered}
      />
    );
  }
  if (!catalogs.catalogs) return framed(<SurveyPageLoading />);

  return (
    <SurveyFormRunner
      title={title}
      perClass={perClass}
      entry={entry}
      questionnaire={questionnaire}
      catalogs={catalogs.catalogs}
      respondent={respondent}
      availability={availability.data}
      introSeen={introSeen}
      onIntroSeen={() => setIntroSeen(true)}
      onOutcome={setOutcome}
    />
  );
}
