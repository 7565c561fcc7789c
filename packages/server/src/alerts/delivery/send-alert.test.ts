import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertMessage, type AlertChannelConfig } from '@yuqing/core';
import {
  FakeAlertReceivers,
  RECEIVER_ADDRESS,
  RECEIVER_DESTINATIONS,
} from '../../../test/fake-alert-receivers.js';
import { SmtpInbox } from '../../../test/smtp-inbox.js';
import { DeliveryError } from './delivery-error.js';
import { sendAlert } from './send-alert.js';
import { systemResolver, type Destinations } from '../../net/destination.js';

const HOSTILE =
  '**粗体** [点我](http://e.cn) <font color="red">红</font> <script>x</script>\n# 标题';
const LINK = 'https://yuqing.example.com/demo/acme/brand/latest/#/alerts?id=1';
const SECRETS = { dingtalk: 'SECding', feishu: 'feishu-secret', webhook: 'hook-secret' };

const message = alertMessage.parse({
  ruleName: '品牌负面声量',
  level: 'critical',
  raisedAt: Date.UTC(2026, 10, 25, 7, 30),
  window: { from: Date.UTC(2026, 10, 25, 6, 30), to: Date.UTC(2026, 10, 25, 7, 30) },
  numbers: { current: 1234, baseline: 200, score: 5.25, share: 0.4 },
  topPosts: [
    { title: HOSTILE, url: 'https://weibo.com/1', platform: '微博', engagement: 5678 },
    { title: '第二条', url: 'javascript:alert(1)', platform: '抖音', engagement: 10 },
  ],
  topWords: ['召回', '质量<b>'],
  platforms: [
    { name: '微博', count: 900 },
    { name: '抖音', count: 334 },
  ],
  firstPost: {
    title: '最早的一条',
    url: 'https://weibo.com/0',
    platform: '微博',
    engagement: 3,
    created: Date.UTC(2026, 10, 25, 6, 35),
  },
  link: LINK,
});

async function failure(send: Promise<void>): Promise<DeliveryError> {
  const error = await send.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DeliveryError)) throw new Error(`expected a DeliveryError, got ${error}`);
  return error;
}

describe('sending an alert', () => {
  let receivers: FakeAlertReceivers;
  beforeAll(async () => {
    receivers = await FakeAlertReceivers.start(SECRETS);
  });
  afterAll(() => receivers.close());

  it('writes a WeCom markdown message in Chinese with the numbers, posts and link', async () => {
    await sendAlert(
      { kind: 'wecom', url: receivers.url('/wecom?key=k1') },
      message,
      RECEIVER_DESTINATIONS,
    );
    const [body] = receivers.bodies('/wecom');
    const content = (body as { markdown: { content: string } }).markdown.content;
    expect(body!.msgtype).toBe('markdown');
    expect(content).toContain('### <font color="warning">【舆情预警·严重】品牌负面声量</font>');
    expect(content).toContain(
      '**时间：**2026-11-25 15:30（统计窗口 2026-11-25 14:30 至 2026-11-25 15:30）',
    );
    expect(content).toContain('**数据：**当前 1,234，基线 200，异常分 5.3，占比 40.0%');
    expect(content).toContain(
      '**首发：**[最早的一条](https://weibo.com/0)（微博，2026-11-25 14:35）',
    );
    expect(content).toContain('2. 第二条（抖音，互动 10）');
    expect(content).toContain('**热词：**召回、质量＜b＞');
    expect(content).toContain('**平台：**微博 900、抖音 334');
    expect(content).toContain(`[查看详情](${LINK})`);
  });

  it('makes a hostile post title inert in WeCom and DingTalk markdown', async () => {
    const dingtalk = { url: receivers.url('/dingtalk?access_token=t'), secret: SECRETS.dingtalk };
    await sendAlert({ kind: 'dingtalk', ...dingtalk }, message, RECEIVER_DESTINATIONS);
    const wecom = (receivers.bodies('/wecom')[0] as { markdown: { content: string } }).markdown;
    const { markdown } = receivers.bodies('/dingtalk')[0] as { markdown: { text: string } };
    for (const text of [wecom.content, markdown.text]) {
      expect(text).toContain(
        '1. [＊＊粗体＊＊ ［点我］（http://e.cn） ＜font color="red"＞红＜/font＞ ＜script＞x＜/script＞ ＃ 标题](https://weibo.com/1)',
      );
      expect(text).not.toContain('<script>');
      expect(text).not.toContain('[点我]');
    }
  });

  it('signs DingTalk messages as DingTalk checks them, and a wrong secret is refused for good', async () => {
    const url = receivers.url('/dingtalk?access_token=t');
    await sendAlert(
      { kind: 'dingtalk', url, secret: SECRETS.dingtalk },
      message,
      RECEIVER_DESTINATIONS,
    );
    const signed = receivers.calls.at(-1)!;
    expect(signed.query.get('access_token')).toBe('t');
    expect(signed.query.get('sign')).toBeTruthy();
    const body = JSON.parse(signed.body) as { markdown: { title: string; text: string } };
    expect(body.markdown.title).toBe('【舆情预警·严重】品牌负面声量');
    expect(body.markdown.text).toContain(`\n\n[查看详情](${LINK})`);

    const refused = await failure(
      sendAlert({ kind: 'dingtalk', url, secret: 'SECwrong' }, message, RECEIVER_DESTINATIONS),
    );
    expect(refused.message).toBe('钉钉拒绝了消息（310000）：sign not match');
    expect(refused.retryable).toBe(false);
  });

  it('sends Feishu a signed card whose markdown shows a hostile title as text', async () => {
    const url = receivers.url('/feishu/hook-id');
    await sendAlert(
      { kind: 'feishu', url, secret: SECRETS.feishu },
      message,
      RECEIVER_DESTINATIONS,
    );
    const body = receivers.bodies('/feishu').at(-1) as {
      msg_type: string;
      card: {
        header: { template: string; title: { content: string } };
        elements: { content: string }[];
      };
    };
    expect(body.msg_type).toBe('interactive');
    expect(body.card.header).toEqual({
      template: 'red',
      title: { tag: 'plain_text', content: '【舆情预警·严重】品牌负面声量' },
    });
    const markdown = body.card.elements[0]!.content;
    expect(markdown).toContain(
      '1. [&#42;&#42;粗体&#42;&#42; &#91;点我&#93;&#40;http://e.cn&#41; &lt;font color="red"&gt;红&lt;/font&gt; &lt;script&gt;x&lt;/script&gt; &#35; 标题](https://weibo.com/1)',
    );
    expect(markdown).toContain(`[查看详情](${LINK})`);

    const refused = await failure(
      sendAlert({ kind: 'feishu', url, secret: 'wrong' }, message, RECEIVER_DESTINATIONS),
    );
    expect(refused.message).toBe('飞书拒绝了消息（19021）：sign match fail');
  });

  it('posts the generic webhook the message as JSON, signed over its timestamp and body', async () => {
    const url = receivers.url('/hook/yuqing');
    await sendAlert(
      { kind: 'webhook', url, secret: SECRETS.webhook },
      message,
      RECEIVER_DESTINATIONS,
      'test',
    );
    const call = receivers.calls.at(-1)!;
    expect(call.headers['x-yuqing-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(JSON.parse(call.body)).toEqual({ event: 'test', alert: message });

    const refused = await failure(
      sendAlert({ kind: 'webhook', url, secret: 'wrong' }, message, RECEIVER_DESTINATIONS),
    );
    expect(refused.message).toBe('Webhook 返回 HTTP 401');
    expect(refused.retryable).toBe(false);
  });

  it('may try again after a 5xx or an unreachable server, never after a 4xx', async () => {
    const channel: AlertChannelConfig = { kind: 'wecom', url: receivers.url('/wecom?key=k2') };
    receivers.queue({ status: 502 }, { status: 400 });
    expect(await failure(sendAlert(channel, message, RECEIVER_DESTINATIONS))).toMatchObject({
      message: '企业微信返回 HTTP 502',
      retryable: true,
    });
    expect((await failure(sendAlert(channel, message, RECEIVER_DESTINATIONS))).retryable).toBe(
      false,
    );
    const closed = {
      kind: 'wecom' as const,
      url: `http://${RECEIVER_ADDRESS}:2/cgi-bin/webhook/send?key=x`,
    };
    const unreachable = await failure(sendAlert(closed, message, RECEIVER_DESTINATIONS));
    expect(unreachable).toMatchObject({
      message: '企业微信无法连接：连接被拒绝（ECONNREFUSED）',
      retryable: true,
    });
  });
});

describe("sending to the server's own network", () => {
  const internal: Destinations = {
    ...RECEIVER_DESTINATIONS,
    resolve: async (host) =>
      host === 'hooks.example.com' ? [{ address: '10.0.0.7', family: 4 }] : systemResolver(host),
  };

  it('is refused for good, whatever the channel, before any connection', async () => {
    const cases: [AlertChannelConfig, string | RegExp][] = [
      [
        { kind: 'webhook', url: 'http://hooks.example.com/alert', secret: 's' },
        'Webhook 地址不可用：不允许访问内网地址 10.0.0.7（hooks.example.com 解析为 10.0.0.7）',
      ],
      [
        { kind: 'wecom', url: 'http://localhost:8123/?query=drop' },
        /^企业微信地址不可用：不允许访问本机地址 (127\.0\.0\.1|::1)（localhost 解析为 /,
      ],
      [
        { kind: 'feishu', url: 'http://[::ffff:169.254.169.254]/' },
        '飞书地址不可用：不允许访问云服务器元数据地址 ::ffff:a9fe:a9fe（即 IPv4 169.254.169.254）',
      ],
      [
        {
          kind: 'email',
          host: '127.0.0.1',
          port: 25,
          secure: false,
          from: 'a@example.com',
          to: ['b@example.com'],
        },
        '邮件服务器地址不可用：不允许访问本机地址 127.0.0.1',
      ],
    ];
    for (const [channel, reason] of cases) {
      const refused = await failure(sendAlert(channel, message, internal));
      expect(refused.message).toMatch(reason);
      expect(refused.retryable).toBe(false);
    }
  });
});

describe('sending an alert by email', () => {
  const login = { user: 'alerts', password: 'smtp-password' };
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await SmtpInbox.start(login);
  });
  afterAll(() => inbox.close());

  const channel = (): Extract<AlertChannelConfig, { kind: 'email' }> => ({
    kind: 'email',
    host: RECEIVER_ADDRESS,
    port: inbox.port,
    secure: false,
    user: login.user,
    password: login.password,
    from: 'yuqing@example.com',
    to: ['team@example.com', 'lead@example.com'],
  });

  it('mails an HTML message and its plain text, a hostile title escaped', async () => {
    await sendAlert(channel(), message, RECEIVER_DESTINATIONS);
    const mail = inbox.mails.at(-1)!;
    expect(mail.subject).toBe('【舆情预警·严重】品牌负面声量');
    expect(mail.to).toMatchObject({ text: 'team@example.com, lead@example.com' });
    const html = String(mail.html);
    expect(html).toContain('<b>数据：</b>当前 1,234，基线 200，异常分 5.3，占比 40.0%');
    expect(html).toContain(`<a href="${LINK}">查看详情</a>`);
    expect(html).toContain('&#60;script&#62;x&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(mail.text).toContain('1. **粗体** [点我](http://e.cn)');
    expect(mail.text).toContain(`查看详情 ${LINK}`);
  });

  it('is refused for good when the sign-in is wrong', async () => {
    const refused = await failure(
      sendAlert({ ...channel(), password: 'wrong' }, message, RECEIVER_DESTINATIONS),
    );
    expect(refused.retryable).toBe(false);
    expect(refused.message).toMatch(/^邮件发送失败：535/);
  });
});
