import { useEffect, useId, useRef } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AvailableSurvey, EarlierReflection } from '@encuestas/core/api/surveys';
import { TeacherEvaluationHeader } from './survey-page-parts';

export const REFLECTION_HEADING = 'Lo que tu docente hará con los resultados anteriores';

/** What the teacher wrote, after an earlier term's evaluation, they would do with its results. */
export function TeacherReflectionCard({ reflection, teacherName }: { reflection: EarlierReflection; teacherName: string | undefined }) {
  const titleId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, borderRadius: 3 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {REFLECTION_HEADING}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {teacherName ?? 'Tu docente'} lo escribió tras su evaluación del periodo {reflection.periodo.nombre}.
      </Typography>
      <Typography
        component="blockquote"
        sx={{ m: 0, pl: 1.5, borderLeft: 4, borderColor: 'secondary.main', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
      >
        {reflection.text}
      </Typography>
    </Paper>
  );
}

/**
 * Before a class whose teacher wrote a reflection (and that is not the first, whose
 * instructions show it): the class, the teacher's words, and «Comenzar».
 */
export function ReflectionBeforeStart({ title, entry, total, onStart }: { title: string; entry: AvailableSurvey; total: number; onStart: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Stack spacing={2.5}>
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: '1.6rem', outline: 'none' }}>
        {title}
      </Typography>
      <TeacherEvaluationHeader entry={entry} total={total} />
      {entry.reflection ? <TeacherReflectionCard reflection={entry.reflection} teacherName={entry.teacher?.full_name} /> : null}
      <Button variant="contained" size="large" onClick={onStart} sx={{ minHeight: 52, fontSize: '1.1rem' }}>
        Comenzar
      </Button>
    </Stack>
  );
}
