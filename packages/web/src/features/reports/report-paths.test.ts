import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { campusCyclesPath, cycleReportPath, reportLinkFor } from './logic/report-paths';

const target = { cicleId: 3, periodoId: 7, campusId: 2 };

describe('reportLinkFor (the periods table and resultados)', () => {
  it.each([
    [[PERMISSIONS.viewCampusReports], '/admin/report/campus/2/students?cicleId=3&periodoId=7&campusId=2'],
    [[PERMISSIONS.viewCycleReports], '/admin/report/students?cicleId=3&periodoId=7&campusId=2'],
    [
      [PERMISSIONS.viewCycleReports, PERMISSIONS.viewCampusReports],
      '/admin/report/campus/2/students?cicleId=3&periodoId=7&campusId=2',
    ],
    [[PERMISSIONS.viewActives], null],
    [[], null],
  ])('with %j leads to %s', (permissions, expected) => {
    expect(reportLinkFor(target, permissions)).toBe(expected);
  });
});

describe('report paths', () => {
  it('leaves campusId out of the report by cycle over every campus', () => {
    expect(cycleReportPath({ cicleId: 3, periodoId: 7 })).toBe('/admin/report/students?cicleId=3&periodoId=7');
  });
  it("names the campus's survey types page by its id", () => {
    expect(campusCyclesPath(4)).toBe('/admin/report/campus/4/cicle');
  });
});
