import { useEffect } from 'react';
import { pageTitle } from '@encuestas/core/branding';
import { appConfig, type AppConfig } from '../app/app-config';

/** `<subtitle> - <platform name>`, or the platform name alone (spec §1). */
export function documentTitleFor(subtitle?: string, config: AppConfig = appConfig): string {
  return pageTitle(config.platformName, subtitle?.trim() || undefined);
}

/** Sets document.title while the calling page is shown. */
export function usePageTitle(subtitle?: string): void {
  useEffect(() => {
    document.title = documentTitleFor(subtitle);
  }, [subtitle]);
}
