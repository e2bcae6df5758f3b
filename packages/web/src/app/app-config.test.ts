import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTITUTION_NAME, DEFAULT_PLATFORM_NAME } from '@encuestas/core/branding';
import { parseAppConfig } from './app-config';

describe('parseAppConfig', () => {
  it('uses the names the server injected', () => {
    expect(parseAppConfig({ platformName: 'Opina UX', institutionName: 'Universidad X' })).toEqual({
      platformName: 'Opina UX',
      institutionName: 'Universidad X',
    });
  });

  it.each([undefined, null, 'texto', {}, { platformName: '', institutionName: 3 }])(
    'falls back to the defaults for %j',
    (raw) => {
      expect(parseAppConfig(raw)).toEqual({
        platformName: DEFAULT_PLATFORM_NAME,
        institutionName: DEFAULT_INSTITUTION_NAME,
      });
    },
  );
});
