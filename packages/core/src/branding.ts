/** Defaults for the names the deployment can configure. */
export const DEFAULT_PLATFORM_NAME = 'Encuestas';
export const DEFAULT_INSTITUTION_NAME = 'Universidad';

/** Page title: `<subtitle> - <platform name>`, or the platform name alone (spec §1). */
export function pageTitle(platformName: string, subtitle?: string): string {
  return subtitle ? `${subtitle} - ${platformName}` : platformName;
}

