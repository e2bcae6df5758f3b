import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CampusPlans } from '../logic/access-editor';
import { CheckboxOption, CheckboxSection } from './access-editor-parts';

interface PlanGrantsSectionProps {
  pickers: readonly CampusPlans[];
  /** The chosen plans, as `campusId` and `plan`. */
  isChecked: (campusId: number, plan: string) => boolean;
  disabled: boolean;
  onToggle: (campusId: number, plan: string, checked: boolean) => void;
}

const OPEN_CAMPUS =
  'Sin planes marcados, el usuario ve a todos los docentes del campus. Con planes marcados es coordinador (jefe de carrera): en los reportes de evaluación docente solo ve a los docentes que imparten clases en esos planes.';
const LIMITED_CAMPUS = 'Tú solo tienes ciertos planes en este campus: elige al menos uno de ellos.';

/** «Planes de estudio»: per chosen campus, the plans that limit the user to their teachers (docs/permissions.md "Coordinators"). */
export function PlanGrantsSection({ pickers, isChecked, disabled, onToggle }: PlanGrantsSectionProps) {
  return (
    <Stack spacing={2}>
      <Typography component="h3" sx={{ fontWeight: 700 }}>
        Planes de estudio
      </Typography>
      {pickers.length === 0 ? <Typography color="textSecondary">Marca un campus para elegir sus planes de estudio.</Typography> : null}
      {pickers.map((picker) => (
        <CheckboxSection
          key={picker.campusId}
          legend={`Planes de estudio en ${picker.nombre}`}
          description={picker.limited ? `${LIMITED_CAMPUS} ${OPEN_CAMPUS}` : OPEN_CAMPUS}
        >
          {picker.plans.length === 0 ? <Typography color="textSecondary">El directorio de este campus aún no tiene planes de estudio.</Typography> : null}
          {picker.plans.map((plan) => (
            <CheckboxOption
              key={plan}
              label={plan}
              hint={picker.grantable ? undefined : 'No lo administras'}
              checked={isChecked(picker.campusId, plan)}
              disabled={disabled || !picker.grantable}
              onChange={(checked) => onToggle(picker.campusId, plan, checked)}
            />
          ))}
        </CheckboxSection>
      ))}
    </Stack>
  );
}
