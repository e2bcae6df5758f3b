import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha, lighten, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { DashboardApplication, Participation } from '@encuestas/core/api/dashboard';
import { displayDay } from '@encuestas/core/dates';
import { formatCount, formatPercent } from '@encuestas/core/format';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import type { RespondentType } from '@encuestas/core/survey-kinds';
import { errorMessage } from '../../../api/api-error';
import { LoadingStatus } from '../../../components/loading-status';
import { LinkButton } from '../../../components/link-button';
import { PATHS } from '../../../app/paths';
import { missingPath } from '../../missing';
import { useDashboard } from '../hooks/use-dashboard';

const PEOPLE: Record<RespondentType, string> = { student: 'alumnos', teacher: 'docentes', staff: 'administrativos' };

/** «Cierra hoy», «Cierra mañana», «Cierra en 5 días (30/11/2026)». */
export function closesText(daysLeft: number, endDay: string): string {
  if (daysLeft <= 0) return 'Cierra hoy';
  if (daysLeft === 1) return `Cierra mañana (${displayDay(endDay)})`;
  return `Cierra en ${formatCount(daysLeft)} días (${displayDay(endDay)})`;
}

/** «2 de 4 alumnos respondieron · 50%». */
export function participationText(participation: Participation, respondent: RespondentType): string {
  return `${formatCount(participation.answered)} de ${formatCount(participation.expected)} ${PEOPLE[respondent]} respondieron · ${formatPercent(participation.rate)}`;
}

/**
 * "How are we doing?": each open survey type at each campus the user holds,
 * lowest participation first, with the days left, the previous term's final
 * rate, and the way to who is missing. Participation only, never answers.
 */
export function ParticipationDashboard({ permissions }: { permissions: readonly string[] }) {
  const query = useDashboard(true);
  const data = query.data;
  return (
    <Box component="section" aria-labelledby="participacion-titulo">
      <Typography id="participacion-titulo" variant="h2" sx={{ fontSize: '1.4rem', mb: 0.5 }}>
        {data?.periodo ? `Participación del periodo ${data.periodo.nombre}` : 'Participación'}
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 2, maxWidth: 720 }}>
        Quiénes ya respondieron de quienes deben responder en las encuestas abiertas hoy, primero las que van más atrás. Cuenta las
        respuestas enviadas aunque aún no aparezcan en los reportes.
      </Typography>
      {query.isPending ? (
        <LoadingStatus text="Cargando la participación…" size={24} sx={{ justifyContent: 'flex-start', py: 3 }} />
      ) : query.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          }
        >
          {errorMessage(query.error)}
        </Alert>
      ) : data && data.applications.length === 0 ? (
        <Alert severity="info" action={<LinkButton to={PATHS.adminResults} color="inherit" size="small">Ver resultados</LinkButton>}>
          No hay encuestas abiertas en este momento.
        </Alert>
      ) : (
        <Box
          component="ul"
          aria-label="Encuestas abiertas, de menor a mayor participación"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {data?.applications.map((application) => (
            <ApplicationRow key={`${application.periodo.id}-${application.campus.id}-${application.cycle.id}`} application={application} permissions={permissions} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * One row's look in one style rule: the row is plain elements under it, not
 * a dozen MUI components each (Paper, Stacks, Boxes, Typographies, a progress
 * bar and two link buttons), since
 * the administrator's start page lists every campus's open surveys (about
 * fifty on the demo) and their render was most of the page's blocking time
 * (Lighthouse, docs/benchmarks.md). Same look: an outlined paper, the theme's
 * h3 and body texts, side by side from md.
 */
const ROW_SX = {
  bgcolor: 'background.paper',
  color: 'text.primary',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  p: { xs: 2, sm: 2.5 },
  display: 'flex',
  flexDirection: { xs: 'column', md: 'row' },
  gap: { xs: 1.5, md: 3 },
  alignItems: { md: 'center' },
  '& .row-figures': { flex: 1, minWidth: 0 },
  '& h3': { typography: 'h3', fontSize: '1.1rem', fontWeight: 600, m: 0 },
  '& h3 span': { fontWeight: 400 },
  '& p': { typography: 'body1', m: 0 },
  '& p.row-note': { typography: 'body2', color: 'text.secondary' },
  '& .row-actions': { display: 'flex', flexDirection: { xs: 'column', sm: 'row', md: 'column' }, gap: 1, flexShrink: 0 },
  // MUI's determinate LinearProgress and medium Buttons (outlined, text), drawn as plain elements.
  '& .row-progress': { height: 10, borderRadius: 5, my: 1, overflow: 'hidden', bgcolor: (t: Theme) => lighten(t.palette.primary.main, 0.62) },
  '& .row-progress > div': { height: '100%', bgcolor: 'primary.main' },
  '& a.row-button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 64,
    px: 1,
    py: 0.75,
    borderRadius: 1,
    typography: 'button',
    color: 'primary.main',
    textDecoration: 'none',
    '&:hover': { bgcolor: (t: Theme) => alpha(t.palette.primary.main, t.palette.action.hoverOpacity) },
  },
  '& a.row-button.outlined': { px: '15px', py: '5px', border: 1, borderColor: (t: Theme) => alpha(t.palette.primary.main, 0.5) },
} as const;

function ApplicationRow({ application, permissions }: { application: DashboardApplication; permissions: readonly string[] }) {
  const { cycle, campus, periodo, participation, previous, respondent } = application;
  const name = `${cycle.name} en ${campus.nombre}`;
  const headingId = `participacion-${periodo.id}-${campus.id}-${cycle.id}`;
  const list = missingPath({ audience: respondent === 'student' ? 'students' : 'academic', cicleId: cycle.id, periodoId: periodo.id, campusId: campus.id });
  const missing = participation.expected - participation.answered;
  const listText = missing > 0 ? `Ver quién falta (${formatCount(missing)})` : 'Ver la lista';
  const canRemind = hasPermission(permissions, PERMISSIONS.sendReminders) && missing > 0;
  const percent = Math.min(100, Math.round((participation.rate ?? 0) * 1000) / 10);
  return (
    <Box component="li" aria-labelledby={headingId} sx={ROW_SX}>
      <div className="row-figures">
        <h3 id={headingId}>
          {cycle.name} <span>· {campus.nombre}</span>
        </h3>
        <div
          className="row-progress"
          role="progressbar"
          aria-label={`Participación: ${name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={formatPercent(participation.rate)}
        >
          <div style={{ width: `${percent}%` }} />
        </div>
        <p>{participationText(participation, respondent)}</p>
        <p className="row-note">
          {closesText(application.daysLeft, application.endDay)} ·{' '}
          {previous
            ? `Periodo anterior (${previous.periodo.nombre}), al cierre: ${formatPercent(previous.participation.rate)}`
            : 'Sin periodo anterior para comparar'}
        </p>
        {application.groupsBehind.length > 0 ? (
          <p className="row-note">
            Grupos más atrasados:{' '}
            {application.groupsBehind.map((group) => `${group.plan} ${group.grupo} (${formatPercent(group.participation.rate)})`).join(', ')}
          </p>
        ) : null}
      </div>
      <div className="row-actions">
        {/* Each name starts with the words on the button (what a voice user says) and ends with its row. */}
        <RouterLink to={list} className="row-button outlined" aria-label={`${listText} de ${name}`}>
          {listText}
        </RouterLink>
        {canRemind ? (
          <RouterLink to={`${list}&recordatorio=1`} className="row-button" aria-label={`Enviar recordatorio de ${name}`}>
            Enviar recordatorio
          </RouterLink>
        ) : null}
      </div>
    </Box>
  );
}
