import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACTION_LEVELS, ACTION_STATES, REPORT_FIELDS, type ActionState, type Nom035Action, type Nom035FileApplication, type ReportField } from '@encuestas/core/api/nom035-file';
import { displayDay } from '@encuestas/core/dates';
import { ActionDialog, ActionInputs, actionBody, EMPTY_ACTION, type ActionForm } from './action-form';
import { DATE_BESIDE, FileSection, MutationError, useFileChange } from './campus-forms';
import { PublicationControl } from './publication-control';

const LONG_FIELDS = new Set<ReportField>(['objective', 'mainActivities', 'conclusions', 'recommendations']);

/** The 7.7 report and the 8.4 program of one of the campus's applications. */
export function ApplicationSection({ campusId, applications }: { campusId: number; applications: readonly Nom035FileApplication[] }) {
  const [chosen, setChosen] = useState<number | null>(null);
  const application = applications.find((a) => a.id === chosen) ?? applications[0];
  if (!application) {
    return (
      <FileSection id="nom035-application" title="7.7 y 8.4 · Informe y programa" intro="El informe de resultados y el programa de intervención de cada aplicación.">
        <Typography>Este campus aún no tiene aplicaciones de la NOM-035.</Typography>
      </FileSection>
    );
  }
  return (
    <FileSection id="nom035-application" title="7.7 y 8.4 · Informe y programa" intro="El informe de resultados y el programa de intervención de cada aplicación.">
      <TextField select label="Aplicación" value={application.id} onChange={(e) => setChosen(Number(e.target.value))} sx={{ mb: 2, maxWidth: { sm: 420 } }} fullWidth>
        {applications.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.periodo} ({displayDay(a.startActive)} a {displayDay(a.endActive)})
          </MenuItem>
        ))}
      </TextField>
      <ReportForm key={`report-${application.id}`} campusId={campusId} application={application} />
      <PublicationControl key={`publication-${application.id}`} campusId={campusId} application={application} />
      <Program key={`program-${application.id}`} campusId={campusId} application={application} />
    </FileSection>
  );
}

function ReportForm({ campusId, application }: { campusId: number; application: Nom035FileApplication }) {
  const fields = Object.keys(REPORT_FIELDS) as ReportField[];
  const [form, setForm] = useState<Record<ReportField, string>>(() => Object.fromEntries(fields.map((f) => [f, application.report?.[f] ?? ''])) as Record<ReportField, string>);
  const mutation = useFileChange(campusId, 'Informe guardado');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ kind: 'report', activeId: application.id, body: form });
  };
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-labelledby="nom035-report-title" sx={{ mb: 3 }}>
      <Typography id="nom035-report-title" component="h3" sx={{ fontWeight: 600 }}>
        Informe de resultados (7.7)
      </Typography>
      <Typography color="textSecondary">El método (d) y los resultados (e) los completa la plataforma con la aplicación.</Typography>
      {fields.map((field) => (
        <TextField
          key={field}
          label={REPORT_FIELDS[field]}
          value={form[field]}
          multiline={LONG_FIELDS.has(field)}
          minRows={LONG_FIELDS.has(field) ? 2 : undefined}
          onChange={(e) => setForm({ ...form, [field]: e.target.value })}
        />
      ))}
      <MutationError error={mutation.error} />
      <Box>
        <Button type="submit" variant="contained" loading={mutation.isPending}>
          Guardar informe
        </Button>
      </Box>
    </Stack>
  );
}

function Program({ campusId, application }: { campusId: number; application: Nom035FileApplication }) {
  const [form, setForm] = useState<ActionForm>(EMPTY_ACTION);
  const [editing, setEditing] = useState<Nom035Action | null>(null);
  const mutation = useFileChange(campusId, 'Acción agregada');
  const needsAction = application.groups.filter((g) => g.scope !== 'final' && g.needsAction);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ kind: 'newAction', activeId: application.id, body: actionBody(application, form) }, { onSuccess: () => setForm(EMPTY_ACTION) });
  };
  return (
    <Stack spacing={2}>
      <Typography component="h3" sx={{ fontWeight: 600 }}>
        Programa de intervención (8.3–8.5)
      </Typography>
      {needsAction.length ? (
        <Box>
          <Typography>Categorías y dominios en nivel medio o superior:</Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
            {needsAction.map((g) => (
              <Chip key={`${g.guide}:${g.scope}:${g.key}`} label={`${g.name}: ${g.covered ? 'con acción' : 'sin acción'}`} color={g.covered ? 'success' : 'warning'} size="small" />
            ))}
          </Stack>
        </Box>
      ) : null}
      {application.actions.length ? (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Acciones del programa">
          {application.actions.map((action) => (
            <ActionItem key={action.id} campusId={campusId} action={action} onEdit={() => setEditing(action)} />
          ))}
        </Stack>
      ) : (
        <Typography>Aún no hay acciones en el programa.</Typography>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Agregar acción">
        <ActionInputs application={application} form={form} setForm={setForm} />
        <MutationError error={mutation.error} />
        <Box>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            Agregar acción
          </Button>
        </Box>
      </Stack>
      {editing ? <ActionDialog key={editing.id} campusId={campusId} application={application} action={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function ActionItem({ campusId, action, onEdit }: { campusId: number; action: Nom035Action; onEdit: () => void }) {
  const stateChange = useFileChange(campusId, 'Estado actualizado');
  const noteChange = useFileChange(campusId, 'Avance registrado');
  const [note, setNote] = useState({ note: '', notedOn: '' });
  const { guide, scope, key, area, measure, level, dueOn, responsible, followUp } = action;
  const changeState = (state: ActionState) => stateChange.mutate({ kind: 'action', actionId: action.id, body: { guide, scope, key, area, measure, level, dueOn, responsible, followUp, state } });
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    noteChange.mutate({ kind: 'note', actionId: action.id, body: note }, { onSuccess: () => setNote({ note: '', notedOn: '' }) });
  };
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 500 }}>{action.measure}</Typography>
        {action.overdue ? <Chip label="Vencida" color="error" size="small" sx={{ alignSelf: 'flex-start' }} /> : null}
      </Stack>
      <Typography color="textSecondary">
        {action.groupName} · {action.area} · {ACTION_LEVELS[action.level]} · para el {displayDay(action.dueOn)} · {action.responsible}
      </Typography>
      {action.followUp ? <Typography color="textSecondary">Evaluación posterior: {action.followUp}</Typography> : null}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Estado"
          value={action.state}
          onChange={(e) => changeState(e.target.value as ActionState)}
          disabled={stateChange.isPending}
          sx={{ minWidth: 160 }}
        >
          {(Object.keys(ACTION_STATES) as ActionState[]).map((state) => (
            <MenuItem key={state} value={state}>
              {ACTION_STATES[state]}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" variant="outlined" onClick={onEdit} aria-label={`Editar la acción «${action.measure}»`}>
          Editar
        </Button>
      </Stack>
      <MutationError error={stateChange.error} />
      {action.notes.length ? (
        <Box component="ul" sx={{ pl: 2 }} aria-label="Avances">
          {action.notes.map((n) => (
            <li key={n.id}>
              {displayDay(n.notedOn)}: {n.note}
            </li>
          ))}
        </Box>
      ) : null}
      <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={addNote} noValidate aria-label={`Registrar avance de «${action.measure}»`} sx={{ mt: 1 }}>
        <TextField size="small" label="Avance" value={note.note} onChange={(e) => setNote({ ...note, note: e.target.value })} sx={{ flex: 1 }} />
        <TextField size="small" label="Fecha" type="date" value={note.notedOn} onChange={(e) => setNote({ ...note, notedOn: e.target.value })} sx={DATE_BESIDE} slotProps={{ inputLabel: { shrink: true } }} />
        <Button type="submit" variant="outlined" loading={noteChange.isPending}>
          Registrar avance
        </Button>
      </Stack>
      <MutationError error={noteChange.error} />
    </Box>
  );
}
