import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { AlertChannelConfig } from '@yuqing/core';
import type { ChannelMessage } from '../channel-message.js';
import { DeliveryError } from '../delivery-error.js';
import type { Destinations } from '../../../net/destination.js';
import { channelAddress, SEND_TIMEOUT_MS } from '../http-post.js';
import type { MarkupDialect } from '../message-lines.js';

type EmailChannel = Extract<AlertChannelConfig, { kind: 'email' }>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const html: MarkupDialect = {
  text: escapeHtml,
  link: (label, url) => `<a href="${escapeHtml(url)}">${label}</a>`,
  bold: (value) => `<b>${value}</b>`,
};

const plain: MarkupDialect = {
  text: (value) => value,
  link: (label, url) => `${label} ${url}`,
  bold: (value) => value,
};

/** A message as mail: an HTML body and the same lines as plain text. */
export function channelMail(message: ChannelMessage) {
  const subject = message.title;
  const body = message.lines(html).map((line) => `<p style="margin:4px 0">${line}</p>`);
  return {
    subject,
    html: `<div style="font-size:14px"><h3>${escapeHtml(subject)}</h3>${body.join('')}</div>`,
    text: [subject, '', ...message.lines(plain)].join('\n'),
    ...(message.attachments && { attachments: message.attachments }),
  };
}

/** SMTP errors that no later try mends: a refused sign-in, refused addresses. */
const FINAL_CODES = new Set(['EAUTH', 'EENVELOPE', 'EMESSAGE']);

export async function sendEmail(
  channel: EmailChannel,
  message: ChannelMessage,
  destinations: Destinations,
) {
  const address = await channelAddress('邮件服务器', channel.host, destinations);
  // Connected to the checked address; a host name stays the TLS server name the certificate is
  // checked against (an IP host has none: Node refuses an IP as a server name).
  const transport = nodemailer.createTransport({
    host: address.address,
    port: channel.port,
    secure: channel.secure,
    ...(!isIP(channel.host) && { tls: { servername: channel.host } }),
    auth: channel.user ? { user: channel.user, pass: channel.password } : undefined,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: channel.from, to: channel.to, ...channelMail(message) });
  } catch (error) {
    const { code, responseCode, response } = error as {
      code?: string;
      responseCode?: number;
      response?: string;
    };
    // SMTP's 4xx are the temporary refusals, 5xx the permanent ones.
    const final =
      (responseCode !== undefined && responseCode >= 500) || FINAL_CODES.has(code ?? '');
    const reason = response ?? code ?? (error instanceof Error ? error.message : '未知错误');
    throw new DeliveryError(`邮件发送失败：${reason.slice(0, 300)}`, !final);
  } finally {
    transport.close();
  }
}
