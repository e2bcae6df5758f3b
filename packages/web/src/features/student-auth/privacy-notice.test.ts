import { describe, expect, it } from 'vitest';
import { configuredPrivacyNotice, defaultPrivacyNotice, parseNotice } from './privacy-notice';

describe('privacy notice', () => {
  it('reads privacyNotice from the injected config, ignoring blanks', () => {
    expect(configuredPrivacyNotice({ privacyNotice: 'Aviso' })).toBe('Aviso');
    expect(configuredPrivacyNotice({ privacyNotice: '  ' })).toBeUndefined();
    expect(configuredPrivacyNotice({ platformName: 'x' })).toBeUndefined();
    expect(configuredPrivacyNotice(undefined)).toBeUndefined();
  });

  it('splits headings, lists and paragraphs', () => {
    expect(parseNotice('Intro\nsigue.\r\n\r\n## Datos\n\n- uno\n- dos\n\n## Fin\nÚltimo.')).toEqual([
      { type: 'paragraph', text: 'Intro sigue.' },
      { type: 'heading', text: 'Datos' },
      { type: 'list', items: ['uno', 'dos'] },
      { type: 'heading', text: 'Fin' },
      { type: 'paragraph', text: 'Último.' },
    ]);
  });

  it('the default names the institution and the ARCO rights', () => {
    const blocks = parseNotice(defaultPrivacyNotice('Universidad Ejemplo'));
    expect(blocks[0]).toMatchObject({ type: 'paragraph' });
    expect(JSON.stringify(blocks)).toContain('Universidad Ejemplo');
    expect(blocks.filter((b) => b.type === 'heading').map((b) => (b as { text: string }).text)).toEqual([
      'Datos personales que tratamos',
      'Finalidades',
      'Transferencias',
      'Derechos ARCO',
      'Cambios a este aviso',
    ]);
  });
});
