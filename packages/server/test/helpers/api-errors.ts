/** Whether an error message reads as Spanish (accents or common Spanish words), not Fastify's English. */
export function looksSpanish(message: string): boolean {
  return /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|no|es|un|una|tu|te|se|para|por|con|revisa|tus|sus|sobre|solo)\b/i.test(message);
}
