import { DEFAULT_INSTITUTION_NAME, DEFAULT_PLATFORM_NAME } from '@encuestas/core/branding';

/** Public settings the server puts into index.html in place of `<!--app-config-->`. */
export interface AppConfig {
  platformName: string;
  institutionName: string;
}

/** Path the SPA is served under (spec §2) and the API prefix below it. */
export { BASE_PATH, API_PREFIX as API_BASE_PATH } from '@encuestas/core/paths';

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The server's configuration as sent: the JSON of `<script type="application/json"
 * id="app-config">` (data, not code, so the CSP forbids every inline script).
 * Undefined when absent or malformed (vite dev serves index.html without it).
 */
export function readInjectedConfig(doc: Pick<Document, 'getElementById'> | undefined): unknown {
  const text = doc?.getElementById('app-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Read once at boot; the values never change while the page lives. */
export const injectedConfig: unknown = readInjectedConfig(typeof document === 'undefined' ? undefined : document);

/** The injected config, falling back to the defaults for anything missing or malformed. */
export function parseAppConfig(raw: unknown): AppConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    platformName: nonEmptyString(source.platformName) ?? DEFAULT_PLATFORM_NAME,
    institutionName: nonEmptyString(source.institutionName) ?? DEFAULT_INSTITUTION_NAME,
  };
}

export const appConfig: AppConfig = parseAppConfig(injectedConfig);
