import { describe, expect, it } from 'vitest';
import { respondentReturnPath } from './return-path';
import { SURVEY_KINDS } from './survey-kinds';

describe('respondentReturnPath', () => {
  it("accepts every survey kind's pages, the list and the suggestion box", () => {
    for (const kind of SURVEY_KINDS) {
      expect(respondentReturnPath(`/${kind.id}`)).toBe(`/${kind.id}`);
      expect(respondentReturnPath(`/${kind.id}/doing?activeId=3`)).toBe(`/${kind.id}/doing?activeId=3`);
    }
    expect(respondentReturnPath('/evaluated-list')).toBe('/evaluated-list');
  });

  it('refuses other hosts, the back office, the login and anything encoded or climbing', () => {
    for (const hostile of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/buzon',
      'javascript:alert(1)',
      '/admin/users',
      '/admin-login',
      '/login',
      '/%2F%2Fevil.example',
      '/alumnos/../admin',
      '/alumnos//evil.example',
      '/alumnosx',
      '/buzon#x',
      '',
      null,
    ]) {
      expect(respondentReturnPath(hostile), String(hostile)).toBeNull();
    }
  });
});
