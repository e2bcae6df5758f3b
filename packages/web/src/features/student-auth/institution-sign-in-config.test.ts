import { describe, expect, it } from 'vitest';
import { institutionSignInReturned, parseInstitutionSignIn } from './components/student-login-page';

describe('parseInstitutionSignIn', () => {
  it('reads its audiences, those it is the only way in for, and its label', () => {
    const raw = { institutionSignIn: 'admins,respondents', institutionSignInOnly: 'respondents,otros', institutionSignInLabel: 'Entrar con Microsoft' };
    expect(parseInstitutionSignIn(raw)).toEqual({ audiences: ['admins', 'respondents'], only: ['respondents'], label: 'Entrar con Microsoft' });
  });
  it.each([undefined, {}, { institutionSignIn: 'nadie', institutionSignInLabel: 'X' }, { institutionSignIn: 'admins', institutionSignInLabel: ' ' }])(
    'is off for %j',
    (raw) => {
      expect(parseInstitutionSignIn(raw)).toBeNull();
    },
  );
});

describe('institutionSignInReturned', () => {
  it('knows the callback’s way back: a session in the fragment or a refusal in the query', () => {
    expect(institutionSignInReturned({ search: '?acceso=disabled', hash: '' })).toBe(true);
    expect(institutionSignInReturned({ search: '', hash: '#sesion=abc' })).toBe(true);
    expect(institutionSignInReturned({ search: '?next=%2Fbuzon', hash: '#abc' })).toBe(false);
  });
});
