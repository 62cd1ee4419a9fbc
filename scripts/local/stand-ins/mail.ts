import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Amazon SES on one machine: a local outbox. It speaks the SES API v2 SendEmail operation
 * (`POST /v2/email/outbound-emails`, REST-JSON) so the production mail adapter
 * (functions/core/adapters/mail.ts) runs unchanged against it, and keeps every message instead of
 * delivering it. Developers and tests read it at `/_local/outbox.json` (newest first) and
 * `/_local/outbox` (a page with the links clickable). It survives a restart beside the database.
 */
export interface OutboxMessage {
  id: string;
  at: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link of the text body, for tests and the page. */
  links: string[];
}

const MAIL_FROM = 'Cutloom <no-reply@cutloom.local>';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

class MessageRejected extends Error {}

export async function start(ctx: StandInContext): Promise<StandIn> {
  const file = ctx.stateDir ? join(ctx.stateDir, 'outbox.json') : undefined;
  const outbox: OutboxMessage[] = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify(outbox, null, 2));
  };

  /**
   * Recipients SES refuses, set by tests at `/_local/outbox/refuse`: a SendEmail to one is answered as
   * SES answers a sandboxed account's mail to an address it has not verified, 400 MessageRejected
   * ("Email address is not verified. The following identities failed the check in region ...":
   * https://docs.aws.amazon.com/ses/latest/dg/troubleshoot-error-messages.html,
   * https://repost.aws/knowledge-center/ses-554-400-message-rejected-error), and nothing is kept.
   */
  const refused = new Set<string>();

  function accept(body: Record<string, unknown>): OutboxMessage {
    const destination = body.Destination as { ToAddresses?: string[] } | undefined;
    const simple = (
      body.Content as {
        Simple?: Record<string, { Data?: string; Text?: { Data?: string }; Html?: { Data?: string } }>;
      }
    )?.Simple;
    const to = destination?.ToAddresses ?? [];
    if (!to.length || !simple?.Subject?.Data)
      throw new Error('Destination.ToAddresses and Content.Simple are required');
    const rejected = to.filter((address) => refused.has(address.toLowerCase()));
    if (rejected.length)
      throw new MessageRejected(
        `Email address is not verified. The following identities failed the check in region LOCAL: ${rejected.join(', ')}`,
      );
    const text = simple.Body?.Text?.Data ?? '';
    const message: OutboxMessage = {
      id: randomUUID(),
      at: new Date().toISOString(),
      from: String(body.FromEmailAddress ?? ''),
      to,
      subject: simple.Subject.Data,
      text,
      html: simple.Body?.Html?.Data ?? '',
      links: [...text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]),
    };
    outbox.unshift(message);
    save();
    return message;
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown, errorType?: string) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v2/email/outbound-emails') {
        reply(404, { message: `No operation at ${req.method} ${req.url}` }, 'NotFoundException');
        return;
      }
      try {
        const message = accept(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
        reply(200, { MessageId: message.id });
      } catch (error) {
        const type = error instanceof MessageRejected ? 'MessageRejected' : 'BadRequestException';
        reply(400, { message: (error as Error).message }, type);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  ctx.registerLocalEndpoint('GET', '/_local/outbox.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(outbox, null, 2));
  });
  ctx.registerLocalEndpoint('POST', '/_local/outbox/refuse', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { address, refuse } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        address?: string;
        refuse?: boolean;
      };
      if (!address) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'address is required' }));
        return;
      }
      if (refuse === false) refused.delete(address.toLowerCase());
      else refused.add(address.toLowerCase());
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ refused: [...refused] }));
    });
  });
  ctx.registerLocalEndpoint('GET', '/_local/outbox', (_req, res) => {
    const items = outbox
      .map(
        (message) => `<article>
  <h2>${escapeHtml(message.subject)}</h2>
  <p><small>${escapeHtml(message.at)} · to ${escapeHtml(message.to.join(', '))} · from ${escapeHtml(message.from)}</small></p>
  ${message.html}
</article>`,
      )
      .join('\n<hr>\n');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><meta charset="utf-8"><title>Outbox</title><h1>Outbox (${outbox.length})</h1>${items || '<p>No mail yet.</p>'}`,
    );
  });

  return {
    env: { AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${port}`, MAIL_FROM },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
