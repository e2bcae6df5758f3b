/** Logs a respondent in through the real one-time-code flow, reading the code from the mail outbox (or the SMTP catcher when the app sends by SMTP). */
import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema';
import { API, type TestApp } from './app';
import type { SmtpCatcher } from './smtp-catcher';
import { waitUntil } from './timeouts';

export async function respondentToken(t: TestApp, pcId: string, smtp?: SmtpCatcher): Promise<string> {
  const caught = smtp?.messages.length ?? 0;
  const sent = await t.request({ method: 'POST', url: `${API}/respondents/code`, payload: { identifier: pcId } });
  if (sent.statusCode !== 201) throw new Error(`code request for ${pcId} answered ${sent.statusCode}: ${sent.body}`);
  const text = smtp
    ? (await waitUntil(`the sign-in code mail of ${pcId}`, async () => smtp.messages.length > caught && smtp.messages[smtp.messages.length - 1]!)).text
    : (await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1))[0]?.text;
  const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
  const response = await t.request({ method: 'POST', url: `${API}/respondents/code/validate`, payload: { identifier: pcId, code } });
  if (response.statusCode !== 200) throw new Error(`respondent login of ${pcId} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ token: string }>().token;
}
