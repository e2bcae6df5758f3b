/**
 * What a mail client would turn into a link in a reminder, and which of those
 * lead outside the platform (features/missing/reminder-links.ts).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDERS } from '@encuestas/core/api/missing';
import { linksOutsidePlatform } from '../../src/features/missing/reminder-links';

const PLATFORM = 'https://encuestas.uni.mx';
const outside = (text: string, publicUrl = PLATFORM) => linksOutsidePlatform(text, publicUrl);

describe('links in a reminder', () => {
  it('lets the default texts and the platform’s own addresses through', () => {
    for (const audience of ['students', 'academic'] as const) {
      expect(outside(DEFAULT_REMINDERS[audience].subject)).toEqual([]);
      expect(outside(DEFAULT_REMINDERS[audience].text)).toEqual([]);
    }
    expect(outside('Entra en {enlace}, en https://encuestas.uni.mx/encuestas/buzon o en encuestas.uni.mx/encuestas/login')).toEqual([]);
    // {enlace} is the platform's address, whatever follows it on the same line.
    expect(outside('{enlace}.evil.com y {enlace}@evil.com')).toEqual([]);
  });

  it('finds web addresses with a scheme, www. and bare domains of any top-level domain', () => {
    expect(outside('Visita https://evil.com/pago, www.evil.mx, EVIL.XYZ, premio.online/x y http://192.168.0.1/')).toEqual([
      'https://evil.com/pago',
      'www.evil.mx',
      'EVIL.XYZ',
      'premio.online/x',
      'http://192.168.0.1/',
    ]);
  });

  it('finds e-mail addresses and mailto:, which clients turn into links too', () => {
    expect(outside('Escribe a soporte@uni.mx o a mailto:x@evil.com')).toEqual(['soporte@uni.mx', 'mailto:x@evil.com']);
  });

  it('finds other schemes that open something', () => {
    expect(outside('ftp://evil.com whatsapp://send?text=hola javascript:alert(1) data:text/html,hola')).toEqual([
      'ftp://evil.com',
      'whatsapp://send?text=hola',
      'javascript:alert(1)',
      'data:text/html,hola',
    ]);
  });

  it('is not fooled by look-alikes of the platform', () => {
    expect(
      outside(
        'https://encuestas.uni.mx@evil.com/ https://encuestas.uni.mx.evil.com https://user@encuestas.uni.mx/ ' +
          'http://encuestas.uni.mx/ https://encuestas.uni.mx:8443/ https://evil.com/{enlace}',
      ),
    ).toEqual([
      'https://encuestas.uni.mx@evil.com/',
      'https://encuestas.uni.mx.evil.com',
      'https://user@encuestas.uni.mx/',
      'http://encuestas.uni.mx/',
      'https://encuestas.uni.mx:8443/',
      'https://evil.com/https://encuestas.uni.mx/encuestas/login',
    ]);
  });

  it('reads placeholders as the words they become, so they cannot complete a domain', () => {
    expect(outside('Hola x{nombre}.com')).toEqual(['xnombre.com']);
  });

  it('keeps to the public address’s path when it has one', () => {
    expect(outside('https://uni.mx/encuestas/login https://uni.mx/encuestas https://uni.mx/otra https://uni.mx/encuestasx', 'https://uni.mx/encuestas')).toEqual([
      'https://uni.mx/otra',
      'https://uni.mx/encuestasx',
    ]);
  });

  it('leaves ordinary Spanish prose alone', () => {
    expect(outside('Hola, Juan: ya casi.Gracias p.ej. a las 10.30, Sr.Pérez, etc.Saludos. Nota:importante')).toEqual([]);
  });
});
