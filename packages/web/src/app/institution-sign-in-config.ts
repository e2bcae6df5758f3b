import type { SignInAudience } from '@encuestas/core/api/institution-sign-in';
import { injectedConfig } from './app-config';

/**
 * Sign-in with the institution's account as the server injected it
 * (institutionSignIn, institutionSignInOnly, institutionSignInLabel), apart
 * from app-config.ts so only the login pages carry it, not every page's entry.
 */
export interface InstitutionSignInConfig {
  audiences: SignInAudience[];
  /** Audiences for which it is the only way in (OIDC_ONLY). */
  only: SignInAudience[];
  label: string;
}

// Spelt out rather than imported from core, whose texts would then join the login page.
const SIGN_IN_AUDIENCES: readonly SignInAudience[] = ['admins', 'respondents'];

function audienceList(value: unknown): SignInAudience[] {
  const entries = typeof value === 'string' ? value.split(',') : [];
  return SIGN_IN_AUDIENCES.filter((audience) => entries.includes(audience));
}

/** Null when not configured or malformed. */
export function parseInstitutionSignIn(raw: unknown): InstitutionSignInConfig | null {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const audiences = audienceList(source.institutionSignIn);
  const label = typeof source.institutionSignInLabel === 'string' ? source.institutionSignInLabel.trim() : '';
  if (audiences.length === 0 || !label) return null;
  return { audiences, only: audienceList(source.institutionSignInOnly).filter((audience) => audiences.includes(audience)), label };
}

export const institutionSignInConfig = parseInstitutionSignIn(injectedConfig);

/** Whether the institution's account is offered to this audience, and whether it is their only way in. */
export function institutionSignInFor(audience: SignInAudience): { offered: boolean; only: boolean } {
  return {
    offered: institutionSignInConfig?.audiences.includes(audience) ?? false,
    only: institutionSignInConfig?.only.includes(audience) ?? false,
  };
}

/**
 * Whether the address is the institution sign-in coming back, with a session
 * (`#sesion=`) or a refusal (`?acceso=`, INSTITUTION_SIGN_IN_ERROR_PARAM): the
 * respondent login then loads that block even where the provider is not offered.
 */
export function institutionSignInReturned(location: { search: string; hash: string }): boolean {
  return new URLSearchParams(location.search).has('acceso') || new URLSearchParams(location.hash.slice(1)).has('sesion');
}
