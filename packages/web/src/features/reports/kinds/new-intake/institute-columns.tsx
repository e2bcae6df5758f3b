import Typography from '@mui/material/Typography';
import type { InstituteOpinionReport, InstituteOpinionRow } from '@encuestas/core/survey-kinds/alumnos-nuevo-ingreso/report-contract';
import type { ReportColumn } from '../../components/report-table';
import { WithheldCell } from '../../components/withheld-note';
import { formatAverage, formatCount } from '../../logic/chart-data';

/** '3 no entran en los promedios': a school's responses at campuses where it has too few to show. */
export function leftOutText(n: number): string {
  return n === 1 ? '1 no entra en los promedios' : `${formatCount(n)} no entran en los promedios`;
}

/**
 * The table of students' opinion by institute: school, responses, overall
 * average and one column per scored section. A withheld school shows 'Oculto'
 * with the reason; a school shown at some campuses only says how many
 * responses its averages leave out.
 */
export function instituteColumns(report: Pick<InstituteOpinionReport, 'sections' | 'withheldExplanation'>): ReportColumn<InstituteOpinionRow>[] {
  const average = (row: InstituteOpinionRow, value: number | null) =>
    row.withheld ? <WithheldCell explanation={report.withheldExplanation} /> : value == null ? '—' : formatAverage(value);
  return [
    { key: 'name', label: 'Institución de procedencia', value: (row) => row.name },
    {
      key: 'responses',
      label: 'Respuestas',
      numeric: true,
      value: (row) => row.responses,
      render: (row) => (
        <>
          {formatCount(row.responses)}
          {row.withheldResponses > 0 && !row.withheld ? (
            <Typography component="span" variant="body2" color="textSecondary" sx={{ display: 'block' }}>
              {leftOutText(row.withheldResponses)}
            </Typography>
          ) : null}
        </>
      ),
    },
    { key: 'average', label: 'Promedio', numeric: true, value: (row) => (row.withheld ? null : row.average), render: (row) => average(row, row.average) },
    ...report.sections.map(
      (section, index): ReportColumn<InstituteOpinionRow> => ({
        key: `section-${section.id}`,
        label: section.title,
        numeric: true,
        value: (row) => (row.withheld ? null : (row.sections[index]?.average ?? null)),
        render: (row) => average(row, row.sections[index]?.average ?? null),
      }),
    ),
  ];
}
