import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { errorHandler } from './error-handler.ts';
import { jsonBody } from './json-body.ts';

const LIMIT = 1024;

/** An app that answers what its body reader made of the request. */
const appWith = (reader: RequestHandler) => {
  const app = express();
  app.use(reader);
  app.all('/echo', (req, res) => {
    res.json({ body: req.body === undefined ? '(undefined)' : req.body });
  });
  app.use(errorHandler(createLogger('silent')));
  return app;
};
const ours = appWith(jsonBody({ limitBytes: LIMIT }));
const express5 = appWith(express.json({ limit: LIMIT }));

type Case = { name: string; headers: Record<string, string>; body?: string | Buffer };
const json = { 'content-type': 'application/json' };

const cases: Case[] = [
  { name: 'an object', headers: json, body: '{"network":1,"plan":"2"}' },
  { name: 'an array', headers: json, body: '[1,2,3]' },
  { name: 'whitespace before the object', headers: json, body: ' \r\n\t{"a":1}' },
  { name: 'unicode', headers: json, body: '{"name":"Ngọzi Ọkafọr ₦"}' },
  { name: 'a byte order mark', headers: json, body: '\ufeff{"a":1}' },
  { name: 'an empty body', headers: json, body: '' },
  { name: 'only whitespace', headers: json, body: '   ' },
  { name: 'a number (strict)', headers: json, body: '1' },
  { name: 'a string (strict)', headers: json, body: '"x"' },
  { name: 'true (strict)', headers: json, body: 'true' },
  { name: 'null (strict)', headers: json, body: 'null' },
  { name: 'malformed JSON', headers: json, body: '{"network": 1,' },
  { name: 'a trailing garbage', headers: json, body: '{"a":1} x' },
  { name: 'upper-case type', headers: { 'content-type': 'Application/JSON' }, body: '{"a":1}' },
  {
    name: 'a utf-8 charset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: '{"a":1}',
  },
  {
    name: 'a quoted UTF-8 charset',
    headers: { 'content-type': 'application/json;charset="UTF-8"' },
    body: '{"a":1}',
  },
  {
    name: 'a latin1 charset',
    headers: { 'content-type': 'application/json; charset=latin1' },
    body: '{"a":1}',
  },
  { name: 'text/plain', headers: { 'content-type': 'text/plain' }, body: '{"a":1}' },
  {
    name: 'a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'a=1',
  },
  { name: 'no content type', headers: {}, body: '{"a":1}' },
  { name: 'a body over the limit', headers: json, body: `{"a":"${'x'.repeat(LIMIT)}"}` },
  { name: 'a body at the limit', headers: json, body: `{"a":"${'x'.repeat(LIMIT - 8)}"}` },
  {
    name: 'gzip',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync('{"a":1}'),
  },
  {
    name: 'deflate',
    headers: { ...json, 'content-encoding': 'deflate' },
    body: deflateSync('{"a":[1,2]}'),
  },
  {
    name: 'brotli',
    headers: { ...json, 'content-encoding': 'br' },
    body: brotliCompressSync('{"b":true}'),
  },
  {
    name: 'gzip that inflates over the limit',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync(`{"a":"${'x'.repeat(LIMIT * 20)}"}`),
  },
  {
    name: 'gzip that is not gzip',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: 'not gzip at all',
  },
  {
    name: 'an unknown encoding',
    headers: { ...json, 'content-encoding': 'foo' },
    body: '{"a":1}',
  },
  {
    name: 'an encoding named like an object property',
    headers: { ...json, 'content-encoding': 'constructor' },
    body: '{"a":1}',
  },
];

const send = (app: express.Express, c: Case) => {
  let r = request(app).post('/echo');
  for (const [name, value] of Object.entries(c.headers)) r = r.set(name, value);
  return c.body === undefined ? r : r.send(c.body);
};

describe('jsonBody', () => {
  it.each(cases)('answers $name as express.json() does', async (c) => {
    const [mine, theirs] = await Promise.all([send(ours, c), send(express5, c)]);
    expect(mine.status).toBe(theirs.status);
    expect(mine.body).toEqual(theirs.body);
  });

  it('gives the answers the API promises for bad bodies', async () => {
    const malformed = await send(ours, { name: '', headers: json, body: '{"a":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      msg: 'The request body is not valid JSON',
      code: 'VALIDATION_ERROR',
    });
    const large = await send(ours, { name: '', headers: json, body: `"${'x'.repeat(LIMIT)}"` });
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ msg: 'The request body is too large', code: 'VALIDATION_ERROR' });
    const charset = await send(ours, {
      name: '',
      headers: { 'content-type': 'application/json; charset=utf-16' },
      body: '{}',
    });
    expect(charset.status).toBe(415);
    expect(charset.body.code).toBe('VALIDATION_ERROR');
  });

  it('reads a chunked body without a length, and refuses one that runs over the limit', async () => {
    const chunked = async (parts: string[]) => {
      const r = request(ours).post('/echo').set(json).set('transfer-encoding', 'chunked');
      for (const part of parts) r.write(part);
      return r;
    };
    const ok = await chunked(['{"a":', '"b"}']);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ body: { a: 'b' } });
    const tooMuch = await chunked(['{"a":"', 'x'.repeat(LIMIT), '"}']);
    expect(tooMuch.status).toBe(413);
  });

  it('leaves a request without a body alone', async () => {
    const res = await request(ours).get('/echo').set(json);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ body: '(undefined)' });
  });
});
