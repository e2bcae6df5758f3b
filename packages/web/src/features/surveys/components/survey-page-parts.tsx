import { useEffect, useRef, type ReactNode } from 'react';
import { SURVEY_NOT_AVAILABLE_MESSAGE, type AvailableSurvey } from '@encuestas/core/api/availability';
import { errorMessage } from '../../../api/api-error';
import { RespondentPageLayout } from '../../../components/respondent-page-layout';
import { EVALUATED_LIST_PATH } from '../survey-paths';
import { LightButton, LightLinkButton } from '../../../components/light-button';
import { Alert, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';

export const BACK_TO_LIST = { to: EVALUATED_LIST_PATH, label: 'Mis encuestas' } as const;

/** The frame of every survey page: back to the list in the bar. */
export function SurveyPageFrame({ children }: { children: ReactNode }) {
  return <RespondentPageLayout back={BACK_TO_LIST}>{children}</RespondentPageLayout>;
}

/** A survey page's content in its frame: what a page's early returns hand back. */
export const framed = (content: ReactNode) => <SurveyPageFrame>{content}</SurveyPageFrame>;

export function SurveyPageLoading() {
  return (
    <Stack spacing={2} role="status" aria-label="Cargando encuesta">
      <Skeleton variant="text" width="70%" height={40} />
      <Skeleton variant="rounded" height={120} />
      <Skeleton variant="rounded" height={160} />
    </Stack>
  );
}

export function SurveyLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <LightButton color="inherit" size="small" onClick={onRetry}>
          Reintentar
        </LightButton>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

/** A page whose heading takes the focus when it appears (results of an action, not a new route). */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    ref.current?.focus();
  }, []);
  return (
    <Text ref={ref} tabIndex={-1} variant="h1" sx={{ fontSize: '1.6rem', outline: 'none' }}>
      {children}
    </Text>
  );
}

/** A survey that cannot be answered here: not offered, already answered, or refused by the server. */
export function SurveyNotice({
  title,
  message,
  severity,
  children,
}: {
  title: string;
  message: string;
  severity: 'success' | 'info' | 'warning';
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2.5}>
      <FocusedHeading>{title}</FocusedHeading>
      <Alert severity={severity} role={severity === 'success' ? 'status' : 'alert'}>
        {message}
      </Alert>
      {children}
      <LightLinkButton to={EVALUATED_LIST_PATH} variant="contained" size="large">
        Volver a mis encuestas
      </LightLinkButton>
    </Stack>
  );
}

export function NotAvailableNotice({ title }: { title: string }) {
  return <SurveyNotice title={title} message={SURVEY_NOT_AVAILABLE_MESSAGE} severity="info" />;
}

/** The class and teacher evaluated, above the teacher-evaluation form. */
export function TeacherEvaluationHeader({ entry, total }: { entry: AvailableSurvey; total: number }) {
  return (
    <Paper sx={{ p: 2, borderRadius: 2, bgcolor: 'secondary.light', borderColor: 'secondary.main' }}>
      <Text variant="body2" color="textSecondary">
        Materia {(entry.index ?? 0) + 1} de {total}
      </Text>
      <Text sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{entry.className}</Text>
      <Text>
        <Text component="span" color="textSecondary">
          Docente:{' '}
        </Text>
        {entry.teacher?.full_name}
      </Text>
    </Paper>
  );
}

/**
 * Teacher evaluation, before the first class: the instructions and the
 * anonymity note once, so each class's form can open straight on its questions.
 * `children` (what a class's teacher wrote of earlier results) come before
 * «Comenzar»; without instructions, the screen before a later class.
 */
export function TeacherEvaluationIntro({
  title,
  instructions,
  time,
  onStart,
  children,
}: {
  title: string;
  instructions?: readonly string[];
  time?: string;
  onStart: () => void;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2.5}>
      <Text ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: '1.6rem', outline: 'none' }}>
        {title}
      </Text>
      {time ? <Text sx={{ fontWeight: 600 }}>{time}</Text> : null}
      {instructions ? (
        <Paper sx={{ p: 2, borderRadius: 3 }}>
          <Text variant="h2" sx={{ fontSize: '1.15rem', mb: 1 }}>
            Antes de comenzar
          </Text>
          <Stack spacing={1.25}>
            {instructions.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
      {children}
      <LightButton variant="contained" size="large" onClick={onStart} className="cta">
        Comenzar
      </LightButton>
    </Stack>
  );
}
