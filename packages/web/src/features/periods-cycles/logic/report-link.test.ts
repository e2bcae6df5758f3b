import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@encuestas/core/permissions';
import { reportLinkFor } from './report-link';

const target = { cicleId: 3, periodoId: 7, campusId: 2 };

describe('reportLinkFor', () => {
  it.each([
    [[PERMISSIONS.viewCycleReports], '/admin/report/students?cicleId=3&periodoId=7&campusId=2'],
    [[PERMISSIONS.viewCampusReports], '/admin/report/campus/2/students?cicleId=3&periodoId=7&campusId=2'],
    [
      [PERMISSIONS.viewCampusReports, PERMISSIONS.viewCycleReports],
      '/admin/report/students?cicleId=3&periodoId=7&campusId=2',
    ],
    [[PERMISSIONS.viewActives], null],
    [[], null],
  ])('with %j leads to %s', (permissions, expected) => {
    expect(reportLinkFor(target, permissions)).toBe(expected);
  });
});
