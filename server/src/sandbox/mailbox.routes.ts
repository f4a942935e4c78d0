import { desc } from 'drizzle-orm';
import { Router } from 'express';
import type { AppContext } from '../app-context.ts';
import { sandboxMails } from '../db/schema/index.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/** The sandbox mailbox: every mail the app sent while SMTP_URL is unset. Never in production. */
export const mailboxRoutes = ({ db }: AppContext): Router => {
  const router = Router();
  router.get('/mail.json', async (_req, res) => {
    res.json(await db.select().from(sandboxMails).orderBy(desc(sandboxMails.id)).limit(100));
  });
  router.get('/mail', async (_req, res) => {
    const mails = await db.select().from(sandboxMails).orderBy(desc(sandboxMails.id)).limit(100);
    const items = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#14213d}article{border:1px solid #dde3ee;border-radius:10px;padding:12px 16px;margin:12px 0}pre{white-space:pre-wrap;word-break:break-word}.meta{color:#5c6b80;font-size:14px}</style></head>
<body><h1>Sandbox mailbox</h1><p>Mail the app sent while no SMTP server is configured (newest first).</p>${items || '<p>No mail yet.</p>'}</body></html>`);
  });
  return router;
};
