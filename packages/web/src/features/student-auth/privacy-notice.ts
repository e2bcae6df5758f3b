/**
 * The privacy notice (aviso de privacidad) linked from the login and the
 * suggestion box. Its text is configurable: the server puts PRIVACY_NOTICE in
 * the page's app-config element (privacyNotice); without it, this default, written
 * for the Ley Federal de Protección de Datos Personales en Posesión de los
 * Particulares (responsable, datos, finalidades, transferencias, ARCO).
 *
 * Format: blocks separated by a blank line; a block starting with '## ' is a
 * heading, a block of lines starting with '- ' is a list, anything else a
 * paragraph.
 */

export type NoticeBlock = { type: 'heading'; text: string } | { type: 'paragraph'; text: string } | { type: 'list'; items: string[] };

export function defaultPrivacyNotice(institution: string): string {
  return `${institution} (en adelante, «la Universidad») es responsable del tratamiento de los datos personales que usted proporciona al usar esta plataforma de encuestas, conforme a la Ley Federal de Protección de Datos Personales en Posesión de los Particulares.

## Datos personales que tratamos
- Datos de identificación y académicos o laborales que la Universidad ya tiene: nombre, número de control, correo institucional, campus, plan de estudios, grupo, turno o puesto.
- El registro de qué encuestas respondió, para no pedirle la misma encuesta dos veces.
- Sus respuestas. Se guardan separadas de su identidad: sin su nombre ni número de control, sin la hora y con un identificador aleatorio, de modo que no pueden relacionarse con usted.
- En el buzón de sugerencias: su comentario y, solo si acepta que le contactemos, su teléfono o correo electrónico.
- En los cuestionarios de la NOM-035-STPS-2018 (personal administrativo): respuestas que pueden referirse a su salud, que son datos personales sensibles. Se tratan de forma confidencial; nadie ve las respuestas individuales. Solo cuando la Guía I indica que conviene una valoración clínica se registra, por separado, que debe ser contactado, y solo el personal autorizado puede consultarlo.

## Finalidades
- Verificar su identidad con un código de acceso enviado a su correo institucional.
- Mostrarle las encuestas que le corresponden y registrar sus respuestas.
- Elaborar reportes estadísticos de conjunto para mejorar los servicios, la docencia, la comunicación y el clima laboral. Los reportes ocultan los grupos con menos de cinco respuestas.
- Cumplir las obligaciones de la NOM-035-STPS-2018 en materia de factores de riesgo psicosocial.
- Atender sus sugerencias y quejas y, si usted lo autoriza, contactarle para darles seguimiento.

No usamos sus datos para mercadotecnia ni publicidad.

## Transferencias
La Universidad no transfiere sus datos personales a terceros sin su consentimiento, salvo en los casos que prevé la ley, como el requerimiento de una autoridad competente.

## Derechos ARCO
Usted puede acceder a sus datos personales, rectificarlos, cancelarlos u oponerse a su tratamiento (derechos ARCO), así como revocar su consentimiento o limitar el uso de sus datos. Para hacerlo, presente una solicitud al área de protección de datos personales de la Universidad, por escrito o al correo que la Universidad publica para ese fin, con su nombre, un medio para recibir la respuesta, el documento que acredite su identidad y la descripción clara de los datos y del derecho que desea ejercer. Le responderemos en un plazo máximo de 20 días hábiles.

## Cambios a este aviso
Cualquier cambio a este aviso de privacidad se publicará en esta misma página.`;
}

/** The configured notice, if the server provided a non-empty one. */
export function configuredPrivacyNotice(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null) return undefined;
  const value = (config as Record<string, unknown>).privacyNotice;
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function parseBlock(lines: string[]): NoticeBlock[] {
  if (lines.length === 0) return [];
  const [first = '', ...rest] = lines;
  // A heading may be followed by its text without a blank line in between.
  if (first.startsWith('## ')) return [{ type: 'heading', text: first.slice(3).trim() }, ...parseBlock(rest)];
  if (lines.every((line) => line.startsWith('- '))) return [{ type: 'list', items: lines.map((line) => line.slice(2).trim()) }];
  return [{ type: 'paragraph', text: lines.join(' ') }];
}

export function parseNotice(text: string): NoticeBlock[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').map((line) => line.trim()).filter((line) => line !== ''))
    .flatMap(parseBlock);
}
