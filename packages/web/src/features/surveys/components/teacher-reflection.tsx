import type { EarlierReflection } from '@encuestas/core/api/surveys';
import { Paper, Text } from '../../../components/light-ui';

const HEADING = 'Lo que tu docente hará con los resultados anteriores';

/** What the teacher wrote, after an earlier term's evaluation, they would do with its results. */
export function TeacherReflectionCard({ reflection, teacherName }: { reflection: EarlierReflection; teacherName: string | undefined }) {
  return (
    <Paper component="section" aria-label={HEADING} sx={{ p: 2, borderRadius: 3 }}>
      <Text variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700 }}>
        {HEADING}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {teacherName ?? 'Tu docente'} lo escribió tras su evaluación del periodo {reflection.periodo.nombre}.
      </Text>
      <Text component="blockquote" sx={{ m: 0, pl: 1.5, borderLeft: 4, borderColor: 'secondary.main', whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {reflection.text}
      </Text>
    </Paper>
  );
}
