/**
 * PowerCampus person types (spec §3). Staff rows whose TIPO is one of them
 * are not administrative staff respondents and are filtered out.
 */
export const POWERCAMPUS_PERSON_TYPES = ['Employee', 'Faculty', 'Inquiry', 'Applicant', 'Signoff', 'Student', 'Alumnus'] as const;

export function isExcludedStaffType(tipo: string): boolean {
  return (POWERCAMPUS_PERSON_TYPES as readonly string[]).includes(tipo.trim());
}

/** A person's name as shown: given name, paternal and maternal surnames, leaving out the empty ones. */
export function fullName(name: string, lastName?: string | null, maternalSurName?: string | null): string {
  return [name, lastName, maternalSurName].filter(Boolean).join(' ');
}
