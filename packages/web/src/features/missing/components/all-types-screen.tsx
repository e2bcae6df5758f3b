import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_ALL_TYPES_REMINDERS, reminderDeadline, type PeriodMissingReport } from '@encuestas/core/api/missing';
import { hasPermission, PERMISSIONS } from '@encuestas/core/permissions';
import { errorMessage } from '../../../api/api-error';
import { appConfig } from '../../../app/app-config';
import { useAdminUser } from '../../../hooks/use-admin-user';
import { usePaging, type PagingState } from '../../../hooks/use-paging';
import type { AllTypesScope } from '../api/missing-api';
import { useAllTypesReport, useAllTypesValues } from '../hooks/use-missing';
import { allTypesReminderPreview, formatCount, peopleLabel, typeAnsweredLine } from '../logic/missing';
import { MissingFilterForm, useListFilter } from './missing-filter-form';
import { OwingPeopleCards, OwingPeopleTable } from './missing-people';
import { FiguresPanel, MissingHeading, PeopleListPanel } from './missing-screen-parts';
import { ReminderDialog } from './reminder-dialog';
import { SurveyTypePicker } from './survey-type-picker';

/**
 * Every survey type open to the audience in the period at once
 * (/admin/pendientes/{alumnos|academicos}?periodoId&campusId): each person
 * once with what they owe, and one reminder per person naming all of it.
 */
export function AllTypesScreen({ scope }: { scope: AllTypesScope }) {
  const { permissions } = useAdminUser();
  const paging = usePaging();
  const { form, setForm, errors, filter, apply, clear, chooseCampus } = useListFilter(scope.audience, paging);
  const [reminderOpen, setReminderOpen] = useState(false);
  const query = useAllTypesReport(scope, filter, { page: paging.page + 1, perPage: paging.rowsPerPage });
  const values = useAllTypesValues(scope).data;
  const report = query.data;
  const canRemind = hasPermission(permissions, PERMISSIONS.sendReminders) && (report?.missing ?? 0) > 0;

  return (
    <Stack spacing={3}>
      <MissingHeading
        audience={scope.audience}
        covers={
          report
            ? {
                surveys: 'Todas las encuestas',
                periodo: report.periodo.nombre,
                campusId: report.campusId,
                campusName: report.campuses.find((campus) => campus.id === report.campusId)?.nombre,
              }
            : null
        }
      />

      <MissingFilterForm
        audience={scope.audience}
        form={form}
        errors={errors}
        values={values}
        campus={{ value: scope.campusId, allAllowed: hasPermission(permissions, PERMISSIONS.viewCycleReports), onChange: chooseCampus }}
        surveyPicker={<SurveyTypePicker scope={scope} />}
        onChange={setForm}
        onApply={apply}
        onClear={clear}
      />

      {report ? <TypesSummary report={report} canRemind={canRemind} onRemind={() => setReminderOpen(true)} /> : null}
      {report?.empty ? null : <OwingListPanel scope={scope} query={query} paging={paging} />}
      {query.isError && report ? <Alert severity="error">{errorMessage(query.error)}</Alert> : null}

      <ReminderDialog
        open={reminderOpen}
        onClose={() => setReminderOpen(false)}
        scope={scope}
        filter={filter}
        defaults={DEFAULT_ALL_TYPES_REMINDERS[scope.audience]}
        preview={(template) =>
          allTypesReminderPreview(template, {
            audience: scope.audience,
            institutionName: appConfig.institutionName,
            origin: window.location.origin,
            types: report?.types ?? [],
            example: report?.missingList?.people[0],
          })
        }
        placeholdersHint="{pendientes}: cada encuesta que le falta, con su último día y lo que le queda; {fecha_limite}: el primero de esos días; {encuesta}: sus títulos"
      />
    </Stack>
  );
}

/** People expected in any type, done with all, missing something; each type's own figures; and the reminder. */
function TypesSummary({ report, canRemind, onRemind }: { report: PeriodMissingReport; canRemind: boolean; onRemind: () => void }) {
  return (
    <FiguresPanel titleId="missing-types-title" title="Encuestas del periodo" canRemind={canRemind} onRemind={onRemind}>
      {report.empty ? (
        <Alert severity="info">{report.emptyMessage}</Alert>
      ) : (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2, m: 0 }}>
            <Figure label="Personas esperadas" value={formatCount(report.targetAmmount)} />
            <Figure label="Respondieron todo" value={formatCount(report.answered)} />
            <Figure label="Les falta algo" value={formatCount(report.missing)} />
          </Box>
          <Box component="ul" sx={{ m: 0, mt: 2, pl: 0, listStyle: 'none', display: 'grid', gap: 1 }} aria-label="Por encuesta">
            {report.types.map((type) => (
              <li key={type.cycle.id}>
                <Typography component="span" sx={{ fontWeight: 600 }}>
                  {type.title}
                </Typography>
                <Typography component="span" color="textSecondary">
                  {' '}
                  · respondieron {typeAnsweredLine(type)}
                  {type.deadline ? ` · hasta el ${reminderDeadline(type.deadline)}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </FiguresPanel>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.6rem', fontWeight: 600 }}>
        {value}
      </Typography>
    </div>
  );
}

/** One page of the people who owe something, each with what they owe (table, or cards on a phone). */
function OwingListPanel({ scope, query, paging }: { scope: AllTypesScope; query: ReturnType<typeof useAllTypesReport>; paging: PagingState }) {
  return (
    <PeopleListPanel
      query={query}
      paging={paging}
      header={
        <Typography color="textSecondary" sx={{ p: 2, pb: 0 }}>
          {peopleLabel(query.data?.missing ?? 0)} con alguna encuesta pendiente.
        </Typography>
      }
      emptyText="Con los filtros elegidos, todas las personas esperadas ya respondieron todas sus encuestas."
      list={(people, isPhone) =>
        isPhone ? <OwingPeopleCards people={people} audience={scope.audience} /> : <OwingPeopleTable people={people} audience={scope.audience} />
      }
    />
  );
}
