import { DEFAULT_INSTITUTION_NAME, DEFAULT_PLATFORM_NAME } from '@encuestas/core/branding';

/** Public settings the server injects into index.html in place of `<!--app-config-->`. */
export interface AppConfig {
  platformName: string;
  institutionName: string;
}

declare global {
  interface Window {
    __ENCUESTAS_CONFIG__?: unknown;
  }
}

/** Path the SPA is served under (spec §2) and the API prefix below it. */
export { BASE_PATH, API_PREFIX as API_BASE_PATH } from '@encuestas/core/paths';

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Reads the injected config, falling back to the defaults for anything missing
 * or malformed (vite dev serves index.html without the server's script).
 */
export function parseAppConfig(raw: unknown): AppConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    platformName: nonEmptyString(source.platformName) ?? DEFAULT_PLATFORM_NAME,
    institutionName: nonEmptyString(source.institutionName) ?? DEFAULT_INSTITUTION_NAME,
  };
}

/** Read once at boot; the values never change while the page lives. */
export const appConfig: AppConfig = parseAppConfig(
  typeof window === 'undefined' ? undefined : window.__ENCUESTAS_CONFIG__,
);
