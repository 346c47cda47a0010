import type { Readable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@gatepass/shared';
import { format } from 'date-fns';
import type { FastifyReply } from 'fastify';

/**
 * A streamed CSV export as a download named `{name}-{today in Lagos}.csv`, never cached: it
 * holds buyers' and organisers' figures.
 */
export function sendCsvDownload(reply: FastifyReply, name: string, csv: Readable) {
  const day = format(new TZDate(Date.now(), DEFAULT_TIME_ZONE), 'yyyy-MM-dd');
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
