import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../lib/logger.ts';

/** An incoming X-Request-Id we keep (a proxy's or a client's); anything else gets a fresh UUID. */
const SANE_REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * Gives every request an id (a sane incoming X-Request-Id, else a UUID), answers it in
 * X-Request-Id, and logs one line when the request ends (pino-http):
 * `{"msg":"request","requestId","method","path","status","ms","userId"}`.
 */
export const requestContext = (logger: Logger): RequestHandler => {
  const line = (req: Request, res: Response, ms: number) => ({
    method: req.method,
    path: req.originalUrl.split('?')[0],
    status: res.statusCode,
    ms,
    userId: req.user?.id,
  });
  return pinoHttp<Request, Response>({
    logger: logger.pino,
    genReqId: (req, res) => {
      const incoming = req.get('x-request-id');
      const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.set('X-Request-Id', id);
      return id;
    },
    customAttributeKeys: { reqId: 'requestId' },
    // The line carries the request id and our fields only, not pino-http's req/res objects
    // (headers could hold a token).
    quietReqLogger: true,
    quietResLogger: true,
    // 5xx are logged by errorHandler with their stack; the request line stays at info.
    customLogLevel: () => 'info',
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res, val: { responseTime: number }) =>
      line(req, res, val.responseTime),
    customErrorObject: (req, res, _error, val: { responseTime: number }) =>
      line(req, res, val.responseTime),
  });
};
