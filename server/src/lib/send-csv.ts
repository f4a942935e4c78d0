import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { Logger } from './logger.ts';

/**
 * Streams CSV `lines` (the header first) as an attachment named `fileName`. The header line is
 * read before anything is sent, so a failure there still answers a clean error; after it,
 * pipeline() waits for the socket (or the compressor in front of it) to drain before reading the
 * next page, so memory stays about one page, and it ends the answer if a page fails midway or
 * the client leaves.
 */
export const sendCsv = async (
  res: Response,
  {
    fileName,
    lines,
    logger,
    what,
  }: {
    fileName: string;
    lines: AsyncIterator<string> & AsyncIterable<string>;
    logger: Logger;
    what: string;
  },
): Promise<void> => {
  const first = await lines.next();
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (!first.done) res.write(first.value);
  try {
    await pipeline(Readable.from(lines), res);
  } catch (error) {
    if (!res.destroyed) res.destroy();
    logger.error(`${what} stopped midway`, { error: String(error) });
  }
};
