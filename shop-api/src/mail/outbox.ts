/** Reads the mail outbox (var/mail/*.eml): what was sent to whom, and the links it carries. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  file: string;
  date: Date | null;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The newest mails first; `limit` of them. */
export async function readOutbox(dir: string, limit = 20): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()
      .slice(0, limit);
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(dir, file)));
      const text = parsed.text ?? '';
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return {
        file,
        date: parsed.date ?? null,
        to,
        subject: parsed.subject ?? '',
        text,
        links: [...new Set(text.match(/https?:\/\/\S+/g) ?? [])],
      };
    }),
  );
}
