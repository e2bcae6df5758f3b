import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_REMINDERS, type DirectoryFilter, type MissingReport } from '@encuestas/core/api/missing';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import { surveyKindInfo } from '@encuestas/core/survey-kinds';
import { errorMessage } from '../../../api/api-error';
import { appConfig } from '../../../app/app-config';
import { parsePositiveId } from '../../../components/parse-positive-id';
import { usePageTitle } from '../../../hooks/use-page-title';
import { usePaging, type PagingState } from '../../../hooks/use-paging';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { RequirePermission } from '../../../components/require-permission';
import { TableDownloads } from '../../reports';
import type { MissingScope } from '../api/missing-api';
import { useMissingFilterValues, useMissingReport } from '../hooks/use-missing';
import { formatCount, MISSING_TITLES, reminderPreview } from '../logic/missing';
import { audienceFromSlug, canReadReports } from '../paths';
import { AllTypesScreen } from './all-types-screen';
import { MissingBreakdown } from './missing-breakdown';
import { MissingChart } from './missing-chart';
import { MissingFilterForm, useListFilter } from './missing-filter-form';
import { MissingPeopleCards, MissingPeopleTable } from './missing-people';
import { FiguresPanel, MissingHeading, PeopleListPanel } from './missing-screen-parts';
import { ReminderDialog } from './reminder-dialog';
import { SurveyTypePicker } from './survey-type-picker';

/**
 * /admin/pendientes/{alumnos|academicos}/{cicleId}?periodoId&campusId: reached from a report (paths.ts);
 * without the cycle, every survey type of the period at once (all-types-screen.tsx).
 */
export function MissingPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const audience = audienceFromSlug(params.audience);
  const cicleId = parsePositiveId(params.cicleId);
  const periodoId = parsePositiveId(search.get('periodoId') ?? undefined);
  const campusId = parsePositiveId(search.get('campusId') ?? undefined) ?? undefined;
  usePageTitle(audience ? MISSING_TITLES[audience] : 'Pendientes de responder');
  return (
    <RequirePermission allowed={canReadReports}>
      {audience && cicleId && periodoId ? (
        <MissingScreen scope={{ audience, cicleId, periodoId, campusId }} />
      ) : audience && params.cicleId === undefined && periodoId ? (
        <AllTypesScreen scope={{ audience, periodoId, campusId }} />
      ) : (
        <Alert severity="error">La dirección no indica qué lista mostrar. Ábrela desde un reporte.</Alert>
      )}
    </RequirePermission>
  );
}

export default MissingPage;

function MissingScreen({ scope }: { scope: MissingScope }) {
  const { permissions } = useAdminUser();
  const paging = usePaging();
  const { form, setForm, errors, filter, setFilter, apply, clear, chooseCampus } = useListFilter(scope.audience, paging);
  const query = useMissingReport(scope, filter, { page: paging.page + 1, perPage: paging.rowsPerPage });
  const values = useMissingFilterValues(scope).data;
  const allCampusesAllowed = hasPermission(permissions, PERMISSIONS.viewCycleReports);
  const report = query.data;
  const people = report?.missingList?.people ?? [];

  const canRemind = hasPermission(permissions, PERMISSIONS.sendReminders) && (report?.missing ?? 0) > 0;
  // A group of the breakdown: its campus and (students) its plan and group become the filter.
  const pickSegment = (segment: MissingReport['breakdown'][number]) => {
    if (segment.plan !== null && segment.grupo !== null) {
      const next = { ...form, plan: segment.plan, grupo: segment.grupo };
      setForm(next);
      setFilter({ ...filter, plan: segment.plan, grupo: segment.grupo });
    }
    if (scope.campusId !== segment.campus.id) chooseCampus(segment.campus.id);
    else paging.resetPage();
  };
  const reminder = useReminderDialog(canRemind);

  return (
    <Stack spacing={3}>
      <MissingHeading
        audience={scope.audience}
        covers={
          report
            ? {
                surveys: report.scope.cycle.name,
                periodo: report.scope.periodo.nombre,
                campusId: report.scope.campusId,
                campusName: report.scope.campuses[0]?.nombre,
              }
            : null
        }
      />

      <MissingFilterForm
        audience={scope.audience}
        form={form}
        errors={errors}
        values={values}
        campus={{ value: scope.campusId, allAllowed: allCampusesAllowed, onChange: chooseCampus }}
        surveyPicker={<SurveyTypePicker scope={scope} current={report ? { cicleId: report.scope.cycle.id, title: surveyKindInfo(report.scope.cycle.surveyKind).title } : undefined} />}
        onChange={setForm}
        onApply={apply}
        onClear={clear}
      />

      {report ? <MissingChartPanel report={report} canRemind={canRemind} onRemind={reminder.show} /> : null}
      {report ? <MissingBreakdown report={report} onPick={pickSegment} /> : null}

      <MissingListPanel scope={scope} filter={filter} query={query} paging={paging} />
      {query.isError && report ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}

      <ReminderDialog
        open={reminder.open}
        onClose={reminder.close}
        scope={scope}
        filter={filter}
        defaults={DEFAULT_REMINDERS[scope.audience]}
        preview={(template) =>
          reminderPreview(template, {
            ...reminderSurvey(report),
            audience: scope.audience,
            institutionName: appConfig.institutionName,
            origin: window.location.origin,
            example: people[0],
          })
        }
        placeholdersHint="{fecha_limite}: el último día; {pendientes}: las materias o guías que le faltan"
      />
    </Stack>
  );
}

/**
 * The reminder dialog: opened by 'Enviar recordatorio', or, when the start page's «Enviar recordatorio»
 * opened this list (recordatorio=1), as soon as the list allows a reminder.
 */
function useReminderDialog(canRemind: boolean) {
  const [search] = useSearchParams();
  const [reminderOpen, setReminderOpen] = useState(false);
  const [asked, setAsked] = useState(() => search.get('recordatorio') === '1');
  const close = () => {
    setReminderOpen(false);
    setAsked(false);
  };
  return { open: reminderOpen || (asked && canRemind), show: () => setReminderOpen(true), close };
}

/** Answered against missing, the people not listed, and 'Enviar recordatorio' for who may send one. */
function MissingChartPanel({ report, canRemind, onRemind }: { report: MissingReport; canRemind: boolean; onRemind: () => void }) {
  return (
    <FiguresPanel titleId="missing-chart-title" title="Respondieron y faltan" canRemind={canRemind} onRemind={onRemind}>
      {report.scope.empty ? <Alert severity="info">{report.scope.emptyMessage}</Alert> : <MissingChart report={report} />}
      {report.notListed > 0 ? (
        <Typography color="textSecondary" sx={{ mt: 2 }}>
          No listados: {formatCount(report.notListed)}. {report.notListedNote}
        </Typography>
      ) : null}
    </FiguresPanel>
  );
}

/** One page of the people missing (table, or cards on a phone), with the downloads of the whole list. */
function MissingListPanel({
  scope,
  filter,
  query,
  paging,
}: {
  scope: MissingScope;
  filter: DirectoryFilter;
  query: ReturnType<typeof useMissingReport>;
  paging: PagingState;
}) {
  return (
    <PeopleListPanel
      query={query}
      paging={paging}
      header={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2, pb: 0, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <Typography color="textSecondary">Descarga la lista completa con los filtros aplicados.</Typography>
          <TableDownloads
            filters={{ cicleId: scope.cicleId, periodoId: scope.periodoId, campusId: scope.campusId ?? null, from: null, to: null }}
            table="missing"
            name="la lista de pendientes"
            extra={{ ...filter }}
          />
        </Stack>
      }
      emptyText="Con los filtros elegidos, todas las personas esperadas ya respondieron."
      list={(people, isPhone) =>
        isPhone ? <MissingPeopleCards people={people} audience={scope.audience} /> : <MissingPeopleTable people={people} audience={scope.audience} />
      }
    />
  );
}

/** What the reminder's preview names: the title respondents see (never the internal cycle name) and the deadline. */
function reminderSurvey(report: MissingReport | undefined): { title: string; deadline: string | null; perClass: boolean } {
  if (!report) return { title: '', deadline: null, perClass: false };
  const kind = report.scope.cycle.surveyKind;
  return { title: surveyKindInfo(kind).title, deadline: report.deadline, perClass: surveyKindInfo(kind).subjects === 'perClass' };
}
