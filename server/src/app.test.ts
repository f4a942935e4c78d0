import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { createLogger } from './lib/logger.ts';
import { createUser, type TestUser } from '../test/factories/user.factory.ts';
import { createTestApp, type TestApp } from '../test/helpers/test-app.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.ctx);
});
afterAll(async () => {
  await t?.close();
});

/** The API's limit on a request body, in bytes. */
const LIMIT = 100 * 1024;

/**
 * Saving a contact echoes the contact's name, so it shows what the API made of a body. Saving
 * the same number again updates the one contact, so the cases do not pile up.
 */
const contact = (contactName: string, extra = '') =>
  `{"contactName":${JSON.stringify(contactName)},"contactNumber":"08031234567","contactNetwork":"MTN"${extra}}`;

type Case = {
  name: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** 201 with this contact name saved, or the error answer. */
  expected: { saved: string } | { status: number; msg: string };
};
const json = { 'content-type': 'application/json' };
const notJson = { status: 400, msg: 'The request body is not valid JSON' };
const unreadable = (status: number) => ({ status, msg: 'The request body could not be read' });
const allFields = { status: 400, msg: 'All fields are required' };
const tooLarge = { status: 413, msg: 'The request body is too large' };

const cases: Case[] = [
  { name: 'an object', headers: json, body: contact('Ada'), expected: { saved: 'Ada' } },
  {
    name: 'whitespace before the object',
    headers: json,
    body: ` \r\n\t${contact('Ada')}`,
    expected: { saved: 'Ada' },
  },
  {
    name: 'unicode',
    headers: json,
    body: contact('Ngọzi Ọkafọr ₦'),
    expected: { saved: 'Ngọzi Ọkafọr ₦' },
  },
  {
    name: 'a byte order mark',
    headers: json,
    body: `\ufeff${contact('Bola')}`,
    expected: { saved: 'Bola' },
  },
  {
    name: 'upper-case type',
    headers: { 'content-type': 'Application/JSON' },
    body: contact('Chidi'),
    expected: { saved: 'Chidi' },
  },
  {
    name: 'a utf-8 charset',
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: contact('Dayo'),
    expected: { saved: 'Dayo' },
  },
  {
    name: 'a quoted UTF-8 charset',
    headers: { 'content-type': 'application/json;charset="UTF-8"' },
    body: contact('Emeka'),
    expected: { saved: 'Emeka' },
  },
  {
    // body-parser decodes the UTF-16 and UTF-32 family too (the API's own clients send UTF-8).
    name: 'a UTF-16 body',
    headers: { 'content-type': 'application/json; charset=utf-16le' },
    body: Buffer.from(contact('Kemi ₦'), 'utf16le'),
    expected: { saved: 'Kemi ₦' },
  },
  {
    name: 'a body at the limit',
    headers: json,
    body: contact('Funke', `,"pad":"${'x'.repeat(LIMIT - contact('Funke', ',"pad":""').length)}"`),
    expected: { saved: 'Funke' },
  },
  {
    name: 'gzip',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync(contact('Gozie')),
    expected: { saved: 'Gozie' },
  },
  {
    name: 'deflate',
    headers: { ...json, 'content-encoding': 'deflate' },
    body: deflateSync(contact('Hauwa')),
    expected: { saved: 'Hauwa' },
  },
  {
    name: 'brotli',
    headers: { ...json, 'content-encoding': 'br' },
    body: brotliCompressSync(contact('Ife')),
    expected: { saved: 'Ife' },
  },
  // An empty body is `{}`; no JSON body at all leaves nothing to read: both fail validation.
  { name: 'an empty body', headers: json, body: '', expected: allFields },
  {
    name: 'text/plain',
    headers: { 'content-type': 'text/plain' },
    body: contact('x'),
    expected: allFields,
  },
  {
    name: 'a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'contactName=x',
    expected: allFields,
  },
  { name: 'no content type', headers: {}, body: contact('x'), expected: allFields },
  { name: 'only whitespace', headers: json, body: '   ', expected: notJson },
  { name: 'a number (strict)', headers: json, body: '1', expected: notJson },
  { name: 'a string (strict)', headers: json, body: '"x"', expected: notJson },
  { name: 'true (strict)', headers: json, body: 'true', expected: notJson },
  { name: 'null (strict)', headers: json, body: 'null', expected: notJson },
  { name: 'malformed JSON', headers: json, body: '{"contactName": "x",', expected: notJson },
  { name: 'trailing garbage', headers: json, body: `${contact('x')} x`, expected: notJson },
  {
    name: 'an array (parsed, then refused by validation)',
    headers: json,
    body: '[1,2,3]',
    expected: { status: 400, msg: 'The request body must be a JSON object' },
  },
  {
    name: 'a latin1 charset',
    headers: { 'content-type': 'application/json; charset=latin1' },
    body: contact('x'),
    expected: unreadable(415),
  },
  {
    name: 'a body over the limit',
    headers: json,
    body: contact('x', `,"pad":"${'x'.repeat(LIMIT)}"`),
    expected: tooLarge,
  },
  {
    name: 'gzip that inflates over the limit',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: gzipSync(contact('x', `,"pad":"${'x'.repeat(LIMIT * 2)}"`)),
    expected: tooLarge,
  },
  {
    name: 'gzip that is not gzip',
    headers: { ...json, 'content-encoding': 'gzip' },
    body: 'not gzip at all',
    expected: unreadable(400),
  },
  {
    name: 'an unknown encoding',
    headers: { ...json, 'content-encoding': 'foo' },
    body: contact('x'),
    expected: unreadable(415),
  },
  {
    name: 'an encoding named like an object property',
    headers: { ...json, 'content-encoding': 'constructor' },
    body: contact('x'),
    expected: unreadable(415),
  },
  {
    name: 'a NUL byte',
    headers: json,
    body: contact('a\u0000b'),
    expected: { status: 400, msg: 'The request contains characters that are not allowed' },
  },
];

const postContact = (c: Pick<Case, 'headers' | 'body'>) => {
  let r = t.request().post('/api/v1/auth/contact').set('x-auth-token', user.token);
  for (const [name, value] of Object.entries(c.headers)) r = r.set(name, value);
  if (c.body === undefined) return r;
  // superagent would re-encode a Buffer as JSON (`{"type":"Buffer",…}`): send the bytes as they are.
  return Buffer.isBuffer(c.body)
    ? r.serialize((bytes: unknown) => bytes as string).send(c.body)
    : r.send(c.body);
};

describe('JSON request bodies on the API', () => {
  it.each(cases)('answers $name', async (c) => {
    const res = await postContact(c);
    if ('saved' in c.expected) {
      expect(res.status).toBe(201);
      expect(res.body.contact.contactName).toBe(c.expected.saved);
    } else {
      expect(res.status).toBe(c.expected.status);
      expect(res.body).toEqual({ msg: c.expected.msg, code: 'VALIDATION_ERROR' });
    }
  });

  it('reads a chunked body without a length, and refuses one that runs over the limit', async () => {
    const chunked = (parts: string[]) => {
      const r = postContact({ headers: { ...json, 'transfer-encoding': 'chunked' } });
      for (const part of parts) r.write(part);
      return r;
    };
    const ok = await chunked([contact('Jide').slice(0, 20), contact('Jide').slice(20)]);
    expect(ok.status).toBe(201);
    expect(ok.body.contact.contactName).toBe('Jide');
    const tooMuch = await chunked([contact('x').slice(0, -1), `,"pad":"`, 'x'.repeat(LIMIT), '"}']);
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers a purchase with an empty or non-JSON body with the spec message', async () => {
    for (const [type, body] of [
      ['application/json', ''],
      ['text/plain', '{"network":1}'],
    ] as const) {
      const res = await t
        .request()
        .post('/api/v1/buy/data')
        .set('x-auth-token', user.token)
        .set('content-type', type)
        .send(body);
      expect(res.status).toBe(400);
      // Nothing parsed: the first missing field is the network.
      expect(res.body).toEqual({ msg: 'Please select a network', code: 'VALIDATION_ERROR' });
    }
  });

  it('leaves a request without a body alone', async () => {
    const res = await t
      .request()
      .get('/api/v1/auth/contact')
      .set('x-auth-token', user.token)
      .set(json);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.contactList)).toBe(true);
  });
});

describe('the request log', () => {
  /** The app on the same database, logging at info into `lines`. */
  const logged = (overrides: Partial<TestApp['ctx']> = {}) => {
    const lines: Record<string, unknown>[] = [];
    const app = createApp({
      ...t.ctx,
      logger: createLogger('info', {}, (line) => lines.push(JSON.parse(line))),
      ...overrides,
    });
    return { app, lines };
  };
  /** pino-http writes its line when the answer has been sent: wait for it. */
  const requestLine = async (lines: Record<string, unknown>[]) => {
    await expect.poll(() => lines.filter((l) => l.msg === 'request').length).toBe(1);
    return lines.find((l) => l.msg === 'request')!;
  };

  it('logs one line per request with its id, method, path, status, time and user', async () => {
    const { app, lines } = logged();
    const res = await request(app)
      .get('/api/v1/auth/contact?page=2')
      .set('x-auth-token', user.token);
    expect(res.status).toBe(200);
    const id = res.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const line = await requestLine(lines);
    expect(line).toMatchObject({
      level: 'info',
      requestId: id,
      method: 'GET',
      path: '/api/v1/auth/contact',
      status: 200,
      userId: user.id,
    });
    expect(typeof line.ms).toBe('number');
    expect(typeof line.time).toBe('string');
    // Nothing of the request itself (its headers carry the token).
    expect(JSON.stringify(lines)).not.toContain(user.token);
  });

  it('keeps a sane incoming X-Request-Id and replaces any other', async () => {
    const { app, lines } = logged();
    const kept = await request(app)
      .get('/api/v1/nothing-here')
      .set('x-request-id', 'proxy-1234_abcd');
    expect(kept.status).toBe(404);
    expect(kept.get('x-request-id')).toBe('proxy-1234_abcd');
    expect(await requestLine(lines)).toMatchObject({
      requestId: 'proxy-1234_abcd',
      status: 404,
      path: '/api/v1/nothing-here',
    });
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(65), 'semi;colon-123']) {
      const res = await request(app).get('/api/v1/health').set('x-request-id', bad);
      expect(res.get('x-request-id')).not.toBe(bad);
      expect(res.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs an unhandled error with its stack and request id, and answers a generic 500', async () => {
    // A database that fails: /site reads the fees from it and has no answer of its own for that.
    const { app, lines } = logged({
      db: new Proxy(t.ctx.db, {
        get: () => {
          throw new Error('database gone');
        },
      }),
    });
    const res = await request(app).get('/api/v1/site');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ msg: 'Something went wrong', code: 'INTERNAL' });
    const error = lines.find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({ level: 'error', requestId: res.get('x-request-id') });
    expect(String(error!.stack)).toContain('database gone');
    expect(await requestLine(lines)).toMatchObject({ status: 500, level: 'info' });
  });

  it('writes nothing at the silent level', async () => {
    const lines: string[] = [];
    const app = createApp({ ...t.ctx, logger: createLogger('silent', {}, (l) => lines.push(l)) });
    expect((await request(app).get('/api/v1/health')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([]);
  });
});

describe('security headers', () => {
  it('sends helmet’s headers, the same-origin referrer policy and a CSP on API and sandbox answers', async () => {
    for (const path of ['/api/v1/health', '/sandbox/billstack', '/api/v1/nothing-here']) {
      const res = await t.request().get(path);
      expect(res.get('x-content-type-options')).toBe('nosniff');
      expect(res.get('referrer-policy')).toBe('same-origin');
      expect(res.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.get('x-powered-by')).toBeUndefined();
      const csp = res.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      // Forms may post to the app itself and to APP_URL (the sandbox checkout's redirect).
      expect(csp).toContain("form-action 'self' http://vendo.test");
      // Served over plain HTTP outside production: no upgrade of the page's own requests.
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('asks browsers to upgrade insecure requests in production', async () => {
    const app = createApp({ ...t.ctx, config: { ...t.ctx.config, isProduction: true } });
    const res = await request(app).get('/api/v1/health');
    expect(res.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect(res.get('strict-transport-security')).toContain('max-age=');
  });
});
