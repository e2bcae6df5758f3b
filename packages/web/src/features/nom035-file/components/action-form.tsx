import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  ACTION_LEVELS,
  ACTION_STATES,
  type ActionBody,
  type ActionLevel,
  type ActionState,
  type Nom035Action,
  type Nom035FileApplication,
} from '@encuestas/core/api/nom035-file';
import { DATE_BESIDE, EditDialog, useFileChange } from './campus-forms';

/** An action of the program (8.4) as its form holds it; `group` is «guide:scope:key». */
export interface ActionForm {
  group: string;
  area: string;
  measure: string;
  level: ActionLevel | '';
  dueOn: string;
  responsible: string;
  state: ActionState;
  followUp: string;
}
export const EMPTY_ACTION: ActionForm = { group: '', area: '', measure: '', level: '', dueOn: '', responsible: '', state: 'pending', followUp: '' };

interface GroupOption {
  guide: 'II' | 'III';
  scope: Nom035Action['scope'];
  key: string;
  name: string;
}
const groupValue = (g: Pick<GroupOption, 'guide' | 'scope' | 'key'>) => `${g.guide}:${g.scope}:${g.key}`;

/** The categories and domains an action may answer: the application's, and the action's own if its results are withheld now. */
function groupOptions(application: Nom035FileApplication, action?: Nom035Action): GroupOption[] {
  const groups: GroupOption[] = application.groups.filter((g) => g.scope !== 'final');
  if (action && !groups.some((g) => groupValue(g) === groupValue(action))) groups.push({ ...action, name: action.groupName });
  return groups;
}

export function actionForm(action: Nom035Action): ActionForm {
  const { area, measure, level, dueOn, responsible, state, followUp } = action;
  return { group: groupValue(action), area, measure, level, dueOn, responsible, state, followUp };
}

/** The body of POST …/actions or PUT …/actions/{id}; a group not chosen is sent as the final score, which the server refuses in Spanish. */
export function actionBody(application: Nom035FileApplication, form: ActionForm): ActionBody {
  const group = groupOptions(application).find((g) => groupValue(g) === form.group);
  return {
    guide: group?.guide ?? application.guides[0]?.guide ?? 'II',
    scope: group?.scope ?? 'final',
    key: group?.key ?? '',
    area: form.area,
    measure: form.measure,
    level: form.level as ActionLevel,
    dueOn: form.dueOn,
    responsible: form.responsible,
    state: form.state,
    followUp: form.followUp,
  };
}

/** The fields of an action; editing one (`action`) adds its state and follow-up evaluation. */
export function ActionInputs({
  application,
  action,
  form,
  setForm,
}: {
  application: Nom035FileApplication;
  action?: Nom035Action;
  form: ActionForm;
  setForm: (form: ActionForm) => void;
}) {
  return (
    <>
      <TextField select label="Categoría o dominio que atiende" value={form.group} onChange={(e) => setForm({ ...form, group: e.target.value })}>
        {groupOptions(application, action).map((g) => (
          <MenuItem key={groupValue(g)} value={groupValue(g)}>
            {g.name} (Guía {g.guide})
          </MenuItem>
        ))}
      </TextField>
      <TextField label="Área o grupo de trabajadores" helperText="Un área o grupo, nunca el nombre de una persona." value={form.area} onChange={(e) => setForm({ ...form, area: e.target.value })} />
      <TextField label="Medida" multiline minRows={2} value={form.measure} onChange={(e) => setForm({ ...form, measure: e.target.value })} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select label="Nivel (8.5)" value={form.level} onChange={(e) => setForm({ ...form, level: e.target.value as ActionLevel })} sx={{ flex: 1 }}>
          {(Object.keys(ACTION_LEVELS) as ActionLevel[]).map((level) => (
            <MenuItem key={level} value={level}>
              {ACTION_LEVELS[level]}
            </MenuItem>
          ))}
        </TextField>
        <TextField label="Fecha programada" type="date" value={form.dueOn} onChange={(e) => setForm({ ...form, dueOn: e.target.value })} sx={DATE_BESIDE} slotProps={{ inputLabel: { shrink: true } }} />
      </Stack>
      <TextField label="Responsable" value={form.responsible} onChange={(e) => setForm({ ...form, responsible: e.target.value })} />
      {action ? (
        <>
          <TextField select label="Estado" value={form.state} onChange={(e) => setForm({ ...form, state: e.target.value as ActionState })}>
            {(Object.keys(ACTION_STATES) as ActionState[]).map((state) => (
              <MenuItem key={state} value={state}>
                {ACTION_STATES[state]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Evaluación posterior" multiline minRows={2} value={form.followUp} onChange={(e) => setForm({ ...form, followUp: e.target.value })} />
        </>
      ) : null}
    </>
  );
}

/** Corrects an action of the program (PUT …/actions/{id}); saved, it closes. */
export function ActionDialog({ campusId, application, action, onClose }: { campusId: number; application: Nom035FileApplication; action: Nom035Action; onClose: () => void }) {
  const [form, setForm] = useState<ActionForm>(() => actionForm(action));
  const mutation = useFileChange(campusId, 'Acción actualizada');
  return (
    <EditDialog
      title="Editar acción del programa (8.4)"
      onClose={onClose}
      onSubmit={() => mutation.mutate({ kind: 'action', actionId: action.id, body: actionBody(application, form) }, { onSuccess: onClose })}
      pending={mutation.isPending}
      error={mutation.error}
    >
      <ActionInputs application={application} action={action} form={form} setForm={setForm} />
    </EditDialog>
  );
}
