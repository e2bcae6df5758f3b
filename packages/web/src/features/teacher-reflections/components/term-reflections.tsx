import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ClassReflection, TermReflectionsAnswer } from '@encuestas/core/api/teacher-reflections';
import { displayDay, mexicoCityDay } from '@encuestas/core/dates';
import { errorMessage } from '../../../api/api-error';
import { LightTextField } from '../../../components/forms/light-text-field';
import { saveReflection, termReflectionsQuery } from '../api/reflections-api';
import { LightButton } from '../../../components/light-button';
import { Alert, Box, Paper, Skeleton, Stack, Text } from '../../../components/light-ui';

const TITLE = 'Lo que haré con estos resultados';

/**
 * «Lo que haré con estos resultados» on a released term's results: per class,
 * the teacher's words for the students who evaluate them next term (they read
 * them before they start).
 */
export function TermReflections({ teacherId, activeId }: { teacherId: number; activeId: number }) {
  const reflections = useQuery(termReflectionsQuery(teacherId, activeId));
  return (
    <Paper component="section" sx={{ p: 2, borderRadius: 3 }} aria-label={TITLE}>
      <Text variant="h2" sx={{ fontSize: '1.15rem', fontWeight: 700, mb: 0.5 }}>
        {TITLE}
      </Text>
      <Text variant="body2" color="textSecondary" sx={{ mb: 1.5 }}>
        Por clase: lo que cambiarás o mantendrás. Lo leerán los alumnos que te evalúen el próximo periodo, antes de comenzar su evaluación.
      </Text>
      <ReflectionsBody teacherId={teacherId} activeId={activeId} reflections={reflections} />
    </Paper>
  );
}

function ReflectionsBody({
  teacherId,
  activeId,
  reflections,
}: {
  teacherId: number;
  activeId: number;
  reflections: UseQueryResult<TermReflectionsAnswer>;
}) {
  if (reflections.isLoading) {
    return (
      <Stack role="status" aria-label="Cargando tus clases" spacing={1}>
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  if (reflections.isError || !reflections.data) {
    return (
      <Alert
        severity="warning"
        action={
          <LightButton color="inherit" size="small" onClick={() => void reflections.refetch()}>
            Reintentar
          </LightButton>
        }
      >
        {errorMessage(reflections.error)}
      </Alert>
    );
  }
  const { classes, maxLength } = reflections.data;
  if (classes.length === 0) return <Text>No tuviste clases en este periodo.</Text>;
  return (
    <Stack spacing={2.5}>
      {classes.map((row) => (
        <ClassReflectionForm key={row.classId} teacherId={teacherId} activeId={activeId} row={row} maxLength={maxLength} />
      ))}
    </Stack>
  );
}

const savedDay = (instant: string) => displayDay(mexicoCityDay(new Date(instant)));

interface FormState {
  busy: boolean;
  error: string | null;
  deleted: boolean;
}

/** One class: its text, «Guardar», and whether what is shown is saved. An emptied text deletes the reflection. */
function ClassReflectionForm({ teacherId, activeId, row, maxLength }: { teacherId: number; activeId: number; row: ClassReflection; maxLength: number }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState(row.reflection?.text ?? '');
  const [state, setState] = useState<FormState>({ busy: false, error: null, deleted: false });
  const changed = text.trim() !== (row.reflection?.text ?? '');
  const className = `${row.name} (${row.plan} ${row.grupo})`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (state.busy || !changed) return;
    setState({ busy: true, error: null, deleted: false });
    try {
      const { reflection } = await saveReflection(teacherId, row.classId, text);
      queryClient.setQueryData(termReflectionsQuery(teacherId, activeId).queryKey, (old) =>
        old ? { ...old, classes: old.classes.map((c) => (c.classId === row.classId ? { ...c, reflection } : c)) } : old,
      );
      setText(reflection?.text ?? '');
      setState({ busy: false, error: null, deleted: reflection === null });
    } catch (error) {
      setState({ busy: false, error: errorMessage(error), deleted: false });
    }
  };

  const status = changed
    ? 'Cambios sin guardar'
    : row.reflection
      ? `Guardado el ${savedDay(row.reflection.updatedAt)}`
      : state.deleted
        ? 'Se borró tu texto'
        : '';
  return (
    <Box component="form" noValidate aria-labelledby={headingId} onSubmit={(event) => void save(event)}>
      <Stack spacing={1.25}>
        <Text id={headingId} variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {className}
        </Text>
        <LightTextField
          label={TITLE}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (state.error) setState({ ...state, error: null });
          }}
          multiline
          minRows={3}
          maxRows={12}
          error={Boolean(state.error)}
          helperTextComponent="div"
          helperText={
            <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
              <span>Para borrarlo, deja el campo vacío y guarda.</span>
              <span>
                {text.length}/{maxLength}
              </span>
            </Box>
          }
          htmlInput={{ maxLength }}
        />
        {state.error ? (
          <Alert severity="error" role="alert">
            {state.error}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <LightButton type="submit" variant="contained" disabled={state.busy || !changed} aria-label={`Guardar: ${className}`}>
            {state.busy ? 'Guardando…' : 'Guardar'}
          </LightButton>
          <Text role="status" variant="body2" color="textSecondary">
            {status}
          </Text>
        </Stack>
      </Stack>
    </Box>
  );
}
