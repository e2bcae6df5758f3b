/** Logs a respondent in through the real one-time-code flow, reading the code from the mail outbox. */
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema';
import { API, type TestApp } from './app';

export async function respondentToken(t: TestApp, pcId: string): Promise<string> {
  const sent = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: pcId } });
  if (sent.statusCode !== 201) throw new Error(`code request for ${pcId} answered ${sent.statusCode}: ${sent.body}`);
  const [mail] = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const response = await t.request({ method: 'POST', url: `${API}/respondents/code/validate`, payload: { identifier: pcId, code } });
  if (response.statusCode !== 200) throw new Error(`respondent login of ${pcId} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}
