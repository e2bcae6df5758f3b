import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { identifierSchema, validateCodeSchema } from './respondents';
import { IDENTIFIER_MESSAGE, normalizeIdentifier, normalizeLoginCode } from './sign-in-rules';

const identifiers = [
  '100000001',
  '  100000001  ',
  'Nombre.Apellido@Alumnos.Universidad.MX',
  ' ana@uni.mx ',
  '',
  '   ',
  '10000000',
  '1000000012',
  '10000000a',
  '١٠٠٠٠٠٠٠١', // Arabic-Indic digits are not a pc_id
  'ana@',
  '@uni.mx',
  'ana@uni',
  'ana uni@uni.mx',
  'ana..b@uni.mx',
  'ana@uni.mx\u0000',
  '<script>@uni.mx',
  "o'brien@uni.mx",
  `${'a'.repeat(246)}@uni.mx.mx`, // 256 characters
  `${'a'.repeat(245)}@uni.mx.mx`, // 255 characters
  '100000001\n',
];

describe('respondent identifier rule', () => {
  it.each(identifiers)('normalizeIdentifier gives the schema verdict for %j', (value) => {
    const parsed = identifierSchema.safeParse(value);
    expect(normalizeIdentifier(value)).toBe(parsed.success ? parsed.data : null);
  });

  it.each(identifiers)('accepts an e-mail exactly when zod e-mail does, for %j', (value) => {
    const trimmed = value.trim();
    const zodVerdict = trimmed.length > 0 && trimmed.length <= 255 && (/^\d{9}$/.test(trimmed) || z.email().safeParse(trimmed).success);
    expect(normalizeIdentifier(value) !== null).toBe(zodVerdict);
  });

  it('keeps a pc_id as typed and lower-cases an e-mail', () => {
    expect(normalizeIdentifier(' 100000001 ')).toBe('100000001');
    expect(normalizeIdentifier('Ana.Perez@Uni.MX')).toBe('ana.perez@uni.mx');
  });

  it('refuses a non-string with the Spanish message on the server', () => {
    const parsed = identifierSchema.safeParse(100000001);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([IDENTIFIER_MESSAGE]);
  });
});

describe('login code rule', () => {
  const codes = ['123456', ' 123456 ', '12345', '1234567', '12345a', '١٢٣٤٥٦', '', '123 456'];
  it.each(codes)('normalizeLoginCode gives the schema verdict for %j', (code) => {
    const parsed = validateCodeSchema.safeParse({ identifier: '100000001', code });
    expect(normalizeLoginCode(code)).toBe(parsed.success ? parsed.data.code : null);
  });

  it('refuses a bad code with the Spanish message', () => {
    const parsed = validateCodeSchema.safeParse({ identifier: '100000001', code: '12' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Escribe el código de 6 dígitos que te enviamos']);
  });
});
