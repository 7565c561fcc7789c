import { DeleteOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  ALERT_CHANNEL_KINDS,
  ALERT_CHANNEL_LABELS,
  ALERT_CHANNELS_MAX,
  type AlertChannelKind,
  type AlertDeliveryError,
} from '@yuqing/core';
import { Button, Checkbox, Dropdown, Empty, Input, InputNumber, Select, message } from 'antd';
import { useState, type ReactNode } from 'react';
import { testAlertChannel } from '../../../api/alertChannels';
import { channelProblem, checkChannel, newChannel, type ChannelDraft } from './channelDraft';
import { SecretInput } from './SecretInput';
import styles from './AlertRules.module.css';

interface ChannelsEditorProps {
  ruleId?: string;
  value: ChannelDraft[];
  errors: AlertDeliveryError[];
  onChange(value: ChannelDraft[]): void;
}

async function sendTest(draft: ChannelDraft, ruleId: string | undefined) {
  const checked = checkChannel(draft);
  if (!checked.ok) {
    void message.error(channelProblem(draft, checked.issues[0]!));
    return;
  }
  try {
    const answer = await testAlertChannel(checked.channel, ruleId);
    if (answer.delivered) void message.success('测试消息已发送');
    else void message.error(`发送失败：${answer.error ?? '渠道未接收'}`);
  } catch (error) {
    void message.error(`发送失败：${error instanceof Error ? error.message : ''}`);
  }
}

const labeled = (label: string, control: ReactNode) => (
  <label className={styles.channelField}>
    <span className={styles.channelLabel}>{label}</span>
    {control}
  </label>
);

/** A rule's notification channels: each kind's settings, a test send, add and remove. */
export function ChannelsEditor({ ruleId, value, errors, onChange }: ChannelsEditorProps) {
  const [sending, setSending] = useState<number>();
  const change = (index: number, patch: Record<string, unknown>) =>
    onChange(value.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const add = (kind: AlertChannelKind) => onChange([...value, newChannel(kind)]);

  return (
    <div className={styles.channels} data-testid="rule-channels">
      {value.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="暂无通知渠道，预警只在系统内显示"
        />
      )}
      {value.map((draft, index) => {
        const field = (name: string) => ({
          value: draft[name] as string | undefined,
          onChange: (event: { target: { value: string } }) =>
            change(index, { [name]: event.target.value }),
          'data-testid': `channel-${index}-${name}`,
        });
        const secret = (name: string, placeholder: string) => (
          <SecretInput
            value={draft[name]}
            placeholder={placeholder}
            testId={`channel-${index}-${name}`}
            onChange={(text) => change(index, { [name]: text })}
          />
        );
        const failure = errors.find((error) => error.channelId === draft.id);
        return (
          <div key={draft.id ?? `new-${index}`} className={styles.channel}>
            <div className={styles.channelHead}>
              <strong>{ALERT_CHANNEL_LABELS[draft.kind]}</strong>
              <span>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  loading={sending === index}
                  data-testid={`channel-${index}-test`}
                  onClick={() => {
                    setSending(index);
                    void sendTest(draft, ruleId).finally(() => setSending(undefined));
                  }}
                >
                  测试发送
                </Button>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label="删除渠道"
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                />
              </span>
            </div>
            {draft.kind === 'email' ? (
              <div className={styles.channelGrid}>
                {labeled(
                  'SMTP 服务器',
                  <Input placeholder="smtp.example.com" {...field('host')} />,
                )}
                {labeled(
                  '端口',
                  <InputNumber
                    min={1}
                    max={65535}
                    style={{ width: '100%' }}
                    value={draft.port as number | undefined}
                    onChange={(port) => change(index, { port: port ?? undefined })}
                  />,
                )}
                {labeled('用户名', <Input {...field('user')} />)}
                {labeled('密码', secret('password', 'SMTP 密码'))}
                {labeled('发件人', <Input placeholder="alert@example.com" {...field('from')} />)}
                {labeled(
                  '收件人',
                  <Select
                    mode="tags"
                    placeholder="输入邮箱后回车"
                    value={draft.to as string[]}
                    onChange={(to: string[]) => change(index, { to })}
                    data-testid={`channel-${index}-to`}
                  />,
                )}
                <Checkbox
                  checked={draft.secure as boolean}
                  onChange={(event) => change(index, { secure: event.target.checked })}
                >
                  使用 SSL/TLS（465 端口）
                </Checkbox>
              </div>
            ) : (
              <div className={styles.channelGrid}>
                {labeled('Webhook 地址', secret('url', 'https://…'))}
                {draft.kind !== 'wecom' &&
                  labeled(
                    draft.kind === 'webhook' ? '签名密钥' : '加签密钥',
                    secret('secret', draft.kind === 'webhook' ? '必填' : '可选'),
                  )}
              </div>
            )}
            {failure && (
              <div className={styles.channelError} data-testid={`channel-${index}-error`}>
                最近发送失败：{failure.error}
              </div>
            )}
          </div>
        );
      })}
      {value.length < ALERT_CHANNELS_MAX && (
        <Dropdown
          menu={{
            items: ALERT_CHANNEL_KINDS.map((kind) => ({
              key: kind,
              label: ALERT_CHANNEL_LABELS[kind],
            })),
            onClick: ({ key }) => add(key as AlertChannelKind),
          }}
        >
          <Button icon={<PlusOutlined />} data-testid="rule-add-channel">
            添加通知渠道
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
