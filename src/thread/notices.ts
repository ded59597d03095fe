import { msg, str } from '@lit/localize';
import type { NoticeItem } from '../conversation/index.js';

/** The reader-facing text of an inline notice. */
export function noticeText(notice: Pick<NoticeItem, 'code' | 'detail'>): string {
  switch (notice.code) {
    case 'malformed_line':
      return msg('Part of the answer could not be read and was skipped.');
    case 'connection_lost':
      return msg('The connection was lost. What arrived so far is kept.');
    case 'http_error':
      return msg(str`The server could not answer (${notice.detail}).`);
    case 'request_failed':
      return msg('The message could not be sent. Check the connection and try again.');
    case 'stream_error':
      return msg(str`The agent reported an error: ${notice.detail}`);
    case 'invalid_final_answer':
      return msg('The final report was incomplete; some of it may be missing.');
    case 'storage':
      return notice.detail;
    case 'invalid_update':
      return msg(
        'An update to part of the answer could not be shown; the last good version is kept.',
      );
    case 'answer_too_large':
      return msg('The answer was too long and was cut off.');
    case 'file_too_large':
      return msg('A file in the answer was too large to show and was left out.');
    case 'unknown_part':
      return msg('Part of the answer is of a kind this page does not know and was left out.');
  }
}
