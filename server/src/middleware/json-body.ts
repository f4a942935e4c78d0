import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * The API's JSON body reader, in place of express.json(): the same rules, in one pass and
 * without the general machinery (charset decoders, streams of streams) that a body of a few
 * hundred bytes does not need. Every API request goes through it, so its cost was a visible
 * share of a purchase's (docs/benchmarks.md).
 *
 * - Only `application/json` bodies are read (any case, with parameters). Other requests keep
 *   `req.body` undefined and their body unread, as with express.json().
 * - The charset, when given, must be UTF-8; else 415.
 * - `Content-Encoding` may be identity, gzip, deflate or br; else 415. A body that does not
 *   decode is a 400.
 * - At most `limitBytes`, before and after decoding; else 413 (at once when Content-Length says
 *   so). An empty body is `{}`.
 * - Strict: only an object or an array; anything else (whitespace alone too), or JSON that does
 *   not parse, is a 400.
 *
 * Errors carry body-parser's `type`, `status` and `expose`, which errorHandler turns into the
 * answers it already gives.
 */

type BodyError = Error & { status: number; expose: true; type: string };

const bodyError = (status: number, type: string, message: string): BodyError =>
  Object.assign(new Error(message), { status, expose: true as const, type });

const JSON_TYPE = /^\s*application\/json\s*(?:;(.*))?$/i;
const CHARSET = /(?:^|;)\s*charset\s*=\s*"?([^";\s]*)"?/i;
const UTF8 = /^utf-?8$/i;

type Decoder = (body: Buffer, options: zlib.ZlibOptions | zlib.BrotliOptions) => Promise<Buffer>;
const DECODERS: Record<string, Decoder> = {
  gzip: promisify(zlib.gunzip),
  'x-gzip': promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** A request with a body, as body-parser decides it (type-is's hasBody). */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  !Number.isNaN(Number.parseInt(req.headers['content-length'] ?? '', 10));

/** Reads the raw body, up to `limitBytes`. */
const readRaw = (req: IncomingMessage, limitBytes: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const fail = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limitBytes) {
        // Stop reading; Node discards the rest once the answer is sent.
        fail(bodyError(413, 'entity.too.large', 'request entity too large'));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => fail(bodyError(400, 'request.error', error.message));
    const onAborted = () => fail(bodyError(400, 'request.aborted', 'request aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('aborted', onAborted);
  });

const decode = async (raw: Buffer, encoding: string, limitBytes: number): Promise<Buffer> => {
  if (encoding === 'identity') return raw;
  try {
    return await DECODERS[encoding]!(raw, { maxOutputLength: limitBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw bodyError(413, 'entity.too.large', 'request entity too large');
    }
    throw bodyError(400, 'encoding.error', 'the body does not decode');
  }
};

/** The first character that is not JSON whitespace, as a char code (-1 when there is none). */
const firstCharCode = (text: string): number => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    // space, tab, LF, CR
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return code;
  }
  return -1;
};

const parse = (decoded: string): unknown => {
  // A byte order mark is not JSON; body-parser's decoder drops it too.
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  if (text.length === 0) return {};
  const first = firstCharCode(text);
  // `{` or `[`: body-parser's strict mode.
  if (first !== 0x7b && first !== 0x5b) {
    throw bodyError(400, 'entity.parse.failed', 'only an object or an array is accepted');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw bodyError(400, 'entity.parse.failed', (error as Error).message);
  }
};

export const jsonBody =
  ({ limitBytes }: { limitBytes: number }): RequestHandler =>
  (req, _res, next) => {
    const type = req.headers['content-type'];
    const match = type === undefined ? null : JSON_TYPE.exec(type);
    if (!match || !hasBody(req)) {
      next();
      return;
    }
    const charset = match[1] === undefined ? undefined : CHARSET.exec(match[1])?.[1];
    if (charset !== undefined && !UTF8.test(charset)) {
      next(bodyError(415, 'charset.unsupported', `unsupported charset "${charset.toUpperCase()}"`));
      return;
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    if (encoding !== 'identity' && !Object.hasOwn(DECODERS, encoding)) {
      next(bodyError(415, 'encoding.unsupported', `unsupported content encoding "${encoding}"`));
      return;
    }
    const length = Number(req.headers['content-length']);
    if (encoding === 'identity' && length > limitBytes) {
      next(bodyError(413, 'entity.too.large', 'request entity too large'));
      return;
    }
    readRaw(req, limitBytes)
      .then((raw) => decode(raw, encoding, limitBytes))
      .then((bytes) => parse(bytes.toString('utf8')))
      .then(
        (body) => {
          req.body = body;
          next();
        },
        (error: unknown) => next(error),
      );
  };
