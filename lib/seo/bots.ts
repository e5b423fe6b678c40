/** Crawler detection (the error page is not rendered for bots). */
import { isbot } from 'isbot';

export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  return isbot(userAgent ?? '');
}
