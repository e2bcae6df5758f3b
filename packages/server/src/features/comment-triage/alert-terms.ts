import type { AlertCategory } from '@encuestas/core/api/comment-review';
/**
 * The curated alert terms (docs/reports.md, «Comment triage»), one list per
 * category, in the order a comment matching several is filed under (the
 * most urgent first). Each category says in the docs who should act on it.
 *
 * Written in plain Spanish; matching ignores accents and case and the common
 * misspellings (spelling.ts: «suisidio», «biolencia», «amenasa», «hacoso»),
 * and is by whole words. A term is words separated by spaces, where
 *   - `word*` is any word starting so («golpe*»: golpe, golpes, golpeó,
 *     golpeando); never end a prefix in c, g or q, whose sound depends on
 *     the next letter (a unit test holds this);
 *   - `(a|b c|d*)` is any of those (an alternative may be several words);
 *   - `…` is up to three other words in between («toca* … pierna*»:
 *     «me toca la pierna», «le tocó las piernas»).
 * Misspellings that do not sound alike are listed as terms of their own.
 */
export { ALERT_CATEGORIES, ALERT_CATEGORY_LABELS, type AlertCategory } from '@encuestas/core/api/comment-review';

const BODY = '(pierna*|nalga*|pecho*|seno*|trasero|cintura|muslo*|busto|cuerpo|pompa*|boca|escote)';

export const ALERT_TERMS: Record<AlertCategory, readonly string[]> = {
  autolesion: [
    'suicid*',
    'autolesi*',
    'auto lesion*',
    '(me|se) (quiero|quiere|queria|voy|va|iba) … (morir|matar|suicidar)',
    '(quiero|quiere|queria|ganas de) (morir|morirme|matarme|desaparecer)',
    'me mato',
    'matarme',
    'morirme',
    '(quitarme|quitarse|quitarte) la vida',
    'acabar con (mi|su|tu) vida',
    'acabar con todo',
    '(no|ya no) (quiero|quiere|queria) (vivir|seguir)',
    'sentido … (vivir|viviendo|la vida|seguir)',
    'no despertar',
    '(cortarme|cortarse|lastimarme|lastimarse|ahorcarme|colgarme|aventarme|tirarme|envenenarme)',
    '(me|se) (corto|corte|cortaba|corta|cortan|lastimo|lastima|lastimaba) (los|las|el|la|mis|sus) (brazo*|pierna*|muñeca*|vena*)',
    '(me corto|me corte|se corta|se cortaba) (cuando|cada|porque|desde|para)',
    '(trae|tiene|tengo|traigo) (cortadas|cortes|cicatrices)',
    '(hace|hago|hacia|hacen|hizo) (cortadas|cortes)',
    '(cortadas|cortes|cicatrices) en (los|las|el|la|mis|sus) (brazo*|pierna*|muñeca*|vena*)',
    '(hacerme|hacerse) daño',
    '(todas las|un frasco de|muchas) pastillas',
    'sobredosis',
    '(mejor|prefiero|preferiria) no (estar|existir|vivir|despertar)',
    '(me|la|lo) atropell*',
  ],
  amenaza: [
    '(amenaza*|amenazo|amenazan|amenace*)',
    '(partir|partirle|romper|romperle|romperte|partirte) (la|su|tu) (madre|cara|jeta|boca)',
    'madrear*',
    '(voy|va|vamos|van|iba|vas) a (matar|matarlo|matarla|matarte|matarlos|quemar|balacear|apuñalar|golpear|madrear)',
    '(matarlo|matarla|matarlos|matarte)',
    '(arma|armas|pistola*|cuchillo*|navaja*|balazo*|plomazo*|balacera*|disparar*|disparo*)',
    '(poner|pongan|puso) una bomba',
    'te vas a arrepentir',
    'desquit*',
    'me las (vas|va|van) a pagar',
    '(sabemos|se|sabe|sabes) donde vive*',
    'deberia cuidarse',
    '(espero|esperar|esperarlo|esperarla|esperamos|esperando) (afuera|a la salida)',
    'si … (denunci*|reporto|reportaba|reportamos|decia algo|digo algo|dices algo)',
  ],
  violencia: [
    'violencia',
    'violent*',
    'viola*',
    'violo',
    'abuso sexual',
    'abusos sexuales',
    '(abuso|abusa|abusaron|abusaba) de (mi|ella|el|nosotras|una|un|alguna)',
    'golpe*',
    'golpi*',
    '(rompio|rompe|rompieron|romperle) (la|el|los) (nariz|cara|boca|brazo*|diente*|labio*|cabeza|costilla*)',
    '(avento|aventaron|avienta|empujo|empujaron) contra',
    '(le|me|nos|les|te) (pego|pega|pegan|pegaba|pegaban|pegaron)',
    'empuj*',
    'jalone*',
    '(jala*|jalo) (la|las|el|los|del|de la) (oreja*|cabello|pelo|brazo*|patilla*)',
    '(cachetad*|bofetad*|patad*|puñetaz*|madraz*|chingadaz*|putaz*|zape*)',
    '(patea*|pateo|patia*|patio a)',
    'agred*',
    'agresion*',
    '(pelea*|pelia*)',
    'novatada*',
    'nalgue*',
    '(agarro|agarra*|jalo|jala*) (del|de la|por el) (cuello|pelo|cabello|brazo)',
    '(quema*|quemo) con',
  ],
  acoso: [
    '(acoso|acosa|acosan|acosaba|acosaban|acosando|acosar*|acosad*|acose|acosen|asoso|asosa|asosan)',
    '(hostiga*|hostigo|hostigue*)',
    '(bullying|buling|bulin|bulying|buleo|bulea*|bulle*)',
    `(toca*|toco|toque*|agarra*|agarro|soba*|sobo|acaricia*|pellizca*|pellizco|mira*) … ${BODY}`,
    'manose*',
    'tocamiento*',
    'acorral*',
    '(beso*|besa*|besarme|toca*|toco) … a la fuerza',
    '(pide*|pidio|pidiendo*|pedir*|mand*) … (foto*|pack*|nudes)',
    '(nos|me|les|le) (toma*|tomo) fotos',
    '(mensaje*|comentario*|chiste*|insinuacion*|propuesta*|broma*) (sexual*|inapropiad*|obscen*|indecent*|morbos*)',
    'comentarios (sobre|de) (mi|nuestro|nuestros|su|sus) (cuerpo*|ropa|físico|escote)',
    'insinu*',
    'desde que (lo|la|le) (rechace|rechazamos|rechazo)',
    'piropo*',
    'mamacita*',
    'morbos*',
    '(me|nos|la|las|los) (invito|invita|invitaba) a salir',
    'a solas',
    '(me|nos|la|las) (sigue|siguio|seguia|persigue*|acecha*) hasta',
    'acech*',
  ],
  discriminacion: [
    '(discrimina|discriminan|discrimino|discriminaba|discriminaban|discriminacion*|discriminad*|discriminar*|discriminatori*)',
    '(racista*|racismo)',
    '(homofob*|transfob*|xenofob*|machista*|machismo|misogin*|clasista*|sexista*|gordofob*|capacitist*)',
    `por ser (mujer*|hombre|indigena*|indio*|gay*|gord*|flaco*|flaca*|moren*|negr*|prieto*|pobre*|trans|lesbiana*|homosexual*|extranjer*|foraneo*|madre|mama|embarazada|discapacitad*|sordo*|ciego*|viej*|chaparr*|feo*|fea*)`,
    'por (mi|su|nuestra|nuestro) (edad|religion|color|apariencia|origen|acento|orientacion|genero|sexo|discapacidad|peso|raza|piel)',
    '(le|les|nos|me|te) (dice*|dijo|decia|llama*|llamo) (indio*|naco*|negro*|prieto*|joto*|maricon*|gord*|cerdo*|marrano*|mono*|chango*|retrasad*|mongol*|sidoso*)',
    '(naco|nacos|naca|nacas|joto|jotos|maricon*|marica)',
    '(mujeres|mujer|chavas|niñas|morras|indigenas|indios|pobres|gays|foraneos) no (sirven|sirve|pueden|puede|deberian|deben|saben|merecen)',
    '(mujeres|chavas|morras|indigenas|indios|pobres|gays|homosexuales|negros|morenos|foraneos|extranjeros|gordos) son (flojo*|tont*|inferior*|burr*|sucio*|ignorante*|debiles|peores|menos|enfermos|raros)',
    '(no deja*|no dejan|prohibe*) … (mujeres|mujer|chavas|morras|indigenas)',
    '(no contratan|no contrataron|despidieron|corrieron|no aceptan|no admiten) … (mujer*|embarazad*|indigena*|mayores|discapacitad*|gay*)',
    '(burla*|rie|rien|rio|burlo) … (trans|gay*|indigena*|acento|discapacidad|color|gordura)',
    'nombre anterior',
    '(deben|deberian|debe|deberia) (estar|quedarse) en (la|su) (cocina|casa)',
  ],
};

/**
 * Set phrases holding an alert term that are not alerts: a term matched
 * wholly inside one of these does not alert. Fixed idioms and subject
 * names only; a class that talks about violence is not excepted (measured
 * as a false positive instead).
 */
export const NOT_ALERT_PHRASES: readonly string[] = [
  '(me|se|nos|te|les) (mato|mata|matan|matamos|muero|muere|mueren|morimos|moria|queria morir|quiero morir|voy a morir) de (risa|hambre|sueño|aburrimiento|flojera|frio|calor|cansancio|ganas|nervios|verguenza|pena|envidia)',
  'golpe de estado',
  'golpe* de (suerte|vista|calor)',
  '(amenaza|amenazas) de (lluvia|tormenta|huelga|extincion)',
  '(especie*|animal*|planta*) (amenazad*|en peligro)',
  'discriminacion de precios',
  '(golpea*|golpeo) (la|el) (mesa|escritorio|pizarron|puerta|pupitre)',
];

/**
 * Words just before a term that deny it («no hay acoso», «nunca he sufrido
 * discriminación», «no nos discrimina»): the term does not alert there. Not
 * applied to self-harm, where any mention is worth a person's reading.
 */
export const DENIALS: readonly string[] = [
  'no (hay|existe|existen|he visto|hemos visto|he sufrido|hemos sufrido|he vivido|ha habido|hubo)',
  'nunca (he|ha|hemos|han) (sufrido|visto|vivido|habido|recibido)',
  '(ningun|ninguna|ningun tipo de|sin|ni)',
  '(no|ni|nunca) (me|nos|te|le|les|lo|la|los|las)',
];
