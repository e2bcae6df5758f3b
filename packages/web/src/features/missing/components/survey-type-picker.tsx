import { useNavigate } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AllTypesScope } from '../api/missing-api';
import { useAllTypesValues } from '../hooks/use-missing';
import { missingAllTypesPath, missingPath } from '../paths';

const ALL = 'all';

/**
 * The list's «Encuesta»: every survey type open to the audience in the period
 * at once («Todas las encuestas»), or one of them; choosing opens that list
 * (same period and campus, filter anew).
 */
export function SurveyTypePicker({
  scope,
  current,
}: {
  scope: AllTypesScope & { cicleId?: number };
  /** The single type shown, while the types load (or when it is no longer open). */
  current?: { cicleId: number; title: string } | undefined;
}) {
  const navigate = useNavigate();
  const { audience, periodoId, campusId } = scope;
  const types = useAllTypesValues({ audience, periodoId, campusId }).data?.types ?? [];
  const value = scope.cicleId === undefined ? ALL : String(scope.cicleId);
  const listed = types.some((type) => String(type.cycleId) === value);
  const choose = (chosen: string) =>
    navigate(chosen === ALL ? missingAllTypesPath({ audience, periodoId, campusId }) : missingPath({ audience, periodoId, campusId, cicleId: Number(chosen) }));
  return (
    <TextField select id="missing-survey" label="Encuesta" value={value} onChange={(event) => choose(event.target.value)}>
      <MenuItem value={ALL}>Todas las encuestas</MenuItem>
      {types.map((type) => (
        <MenuItem key={type.cycleId} value={String(type.cycleId)}>
          {type.title}
        </MenuItem>
      ))}
      {value !== ALL && !listed ? <MenuItem value={value}>{current?.title ?? 'Encuesta actual'}</MenuItem> : null}
    </TextField>
  );
}
