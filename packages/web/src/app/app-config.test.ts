import { describe, expect, it } from 'vitest';
import { DEFAULT_INSTITUTION_NAME, DEFAULT_PLATFORM_NAME } from '@encuestas/core/branding';
import { parseAppConfig, readInjectedConfig } from './app-config';

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

describe('readInjectedConfig', () => {
  const page = (text: string | null) => ({
    getElementById: (id: string) => (id === 'app-config' && text !== null ? ({ textContent: text } as HTMLElement) : null),
  });

  it('parses the JSON the server put in the app-config element, escapes included', () => {
    expect(readInjectedConfig(page('{"platformName":"A \\u003c/script> B"}'))).toEqual({ platformName: 'A </script> B' });
  });

  it.each([['no element', null], ['an empty element', ''], ['malformed JSON', '{platformName:']])('gives undefined for %s', (_case, text) => {
    expect(readInjectedConfig(page(text))).toBeUndefined();
  });
});
