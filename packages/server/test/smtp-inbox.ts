import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { RECEIVER_ADDRESS } from './fake-alert-receivers.js';

/**
 * For tests only: an SMTP server on `RECEIVER_ADDRESS` that keeps the mails it is given, parsed. Plain
 * text (no STARTTLS); it asks for a sign-in when given a user and password.
 */
export class SmtpInbox {
  readonly mails: ParsedMail[] = [];

  private readonly server: SMTPServer;

  private constructor(login: { user: string; password: string } | undefined) {
    this.server = new SMTPServer({
      disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
      allowInsecureAuth: true,
      authOptional: !login,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === login?.user && auth.password === login?.password) {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
  }

  static async start(login?: { user: string; password: string }): Promise<SmtpInbox> {
    const inbox = new SmtpInbox(login);
    await new Promise<void>((resolve) => inbox.server.listen(0, RECEIVER_ADDRESS, resolve));
    return inbox;
  }

  get port(): number {
    return (this.server.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
