import { describe, expect, it } from 'vitest';
import {
  INITIAL_REFERRAL_FILTERS,
  applicationWindow,
  emailBreakParts,
  isReferralFormChanged,
  referralForm,
  referralStatus,
  referralsPageQuery,
  toUpdateReferralRequest,
} from './referrals';

describe('referralsPageQuery', () => {
  it('starts on the pending referrals of every campus', () => {
    expect(referralsPageQuery(INITIAL_REFERRAL_FILTERS, { page: 0, rowsPerPage: 10 })).toEqual({
      page: 1,
      perPage: 10,
      attended: 'false',
    });
  });

  it('sends the campus and the attended ones', () => {
    expect(referralsPageQuery({ campusId: 3, attended: 'attended' }, { page: 1, rowsPerPage: 25 })).toEqual({
      page: 2,
      perPage: 25,
      campusId: 3,
      attended: 'true',
    });
  });

  it('leaves out "Todas"', () => {
    expect(referralsPageQuery({ campusId: null, attended: 'all' }, { page: 0, rowsPerPage: 50 })).toEqual({
      page: 1,
      perPage: 50,
    });
  });
});

describe('referralStatus', () => {
  it('is pending without an attention date', () => {
    expect(referralStatus({ attended_at: null })).toEqual({ label: 'Pendiente', chip: 'Pendiente', day: '', color: 'warning' });
  });

  it('gives the Mexico City day of the attention', () => {
    // 02:00 UTC on the 16th is still the 15th in Mexico City.
    expect(referralStatus({ attended_at: '2026-03-16T02:00:00.000Z' })).toEqual({
      label: 'Atendida el 15/03/2026',
      chip: 'Atendida',
      day: '15/03/2026',
      color: 'success',
    });
  });
});

describe('the follow-up form', () => {
  const pending = { attended_at: null, notes: '' };
  const attended = { attended_at: '2026-03-16T02:00:00.000Z', notes: 'Cita con el médico del trabajo' };

  it('starts from the referral', () => {
    expect(referralForm(pending)).toEqual({ attended: false, notes: '' });
    expect(referralForm(attended)).toEqual({ attended: true, notes: 'Cita con el médico del trabajo' });
  });

  it('sends the notes trimmed', () => {
    expect(toUpdateReferralRequest({ attended: true, notes: '  Llamada el lunes \n' })).toEqual({
      attended: true,
      notes: 'Llamada el lunes',
    });
  });

  it('knows when nothing changed', () => {
    expect(isReferralFormChanged(pending, { attended: false, notes: '   ' })).toBe(false);
    expect(isReferralFormChanged(pending, { attended: true, notes: '' })).toBe(true);
    expect(isReferralFormChanged(attended, { attended: true, notes: 'Otra nota' })).toBe(true);
  });
});

describe('emailBreakParts', () => {
  it('breaks after the at sign and before each dot', () => {
    expect(emailBreakParts('miguel.cruz1@encuestas.mx')).toEqual(['miguel', '.cruz1@', 'encuestas', '.mx']);
    expect(emailBreakParts('ana@x')).toEqual(['ana@', 'x']);
  });
});

describe('applicationWindow', () => {
  it('dates a referral by its application window, as referrals keep no day of their own', () => {
    expect(applicationWindow({ active: { id: 1, periodo: '2026-1', start_active: '2026-03-01', end_active: '2026-04-15' } })).toBe(
      '01/03/2026 – 15/04/2026',
    );
  });
});
