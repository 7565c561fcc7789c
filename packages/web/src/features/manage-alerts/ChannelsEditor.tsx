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
import { testAlertChannel } from '../../api/alertChannels';
import { useT, type Translate } from '../../i18n/useT';
import { channelProblem, checkChannel, newChannel, type ChannelDraft } from './channelDraft';
import { SecretInput } from './SecretInput';
import styles from './AlertRules.module.css';

interface ChannelsEditorProps {
  ruleId?: string;
  value: ChannelDraft[];
  errors: AlertDeliveryError[];
  onChange(value: ChannelDraft[]): void;
}

async function sendTest(draft: ChannelDraft, ruleId: string | undefined, t: Translate) {
  const checked = checkChannel(draft, t);
  if (!checked.ok) {
    void message.error(channelProblem(draft, checked.issues[0]!, t));
    return;
  }
  try {
    const answer = await testAlertChannel(checked.channel, ruleId);
    if (answer.delivered) void message.success(t('测试消息已发送'));
    else void message.error(t('发送失败：{error}', { error: answer.error ?? t('渠道未接收') }));
  } catch (error) {
    void message.error(
      t('发送失败：{error}', { error: error instanceof Error ? error.message : '' }),
    );
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
  const t = useT();
  const [sending, setSending] = useState<number>();
  const change = (index: number, patch: Record<string, unknown>) =>
    onChange(value.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  const add = (kind: AlertChannelKind) => onChange([...value, newChannel(kind)]);

  return (
    <div className={styles.channels} data-testid="rule-channels">
      {value.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('暂无通知渠道，预警只在系统内显示')}
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
              <strong>{t.label(ALERT_CHANNEL_LABELS[draft.kind])}</strong>
              <span>
                <Button
                  size="small"
                  icon={<SendOutlined />}
                  loading={sending === index}
                  data-testid={`channel-${index}-test`}
                  onClick={() => {
                    setSending(index);
                    void sendTest(draft, ruleId, t).finally(() => setSending(undefined));
                  }}
                >
                  {t('测试发送')}
                </Button>
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('删除渠道')}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                />
              </span>
            </div>
            {draft.kind === 'email' ? (
              <div className={styles.channelGrid}>
                {labeled(
                  t('SMTP 服务器'),
                  <Input placeholder="smtp.example.com" {...field('host')} />,
                )}
                {labeled(
                  t('端口'),
                  <InputNumber
                    min={1}
                    max={65535}
                    style={{ width: '100%' }}
                    value={draft.port as number | undefined}
                    onChange={(port) => change(index, { port: port ?? undefined })}
                  />,
                )}
                {labeled(t('用户名'), <Input {...field('user')} />)}
                {labeled(t('密码'), secret('password', t('SMTP 密码')))}
                {labeled(t('发件人'), <Input placeholder="alert@example.com" {...field('from')} />)}
                {labeled(
                  t('收件人'),
                  <Select
                    mode="tags"
                    placeholder={t('输入邮箱后回车')}
                    value={draft.to as string[]}
                    onChange={(to: string[]) => change(index, { to })}
                    data-testid={`channel-${index}-to`}
                  />,
                )}
                <Checkbox
                  checked={draft.secure as boolean}
                  onChange={(event) => change(index, { secure: event.target.checked })}
                >
                  {t('使用 SSL/TLS（465 端口）')}
                </Checkbox>
              </div>
            ) : (
              <div className={styles.channelGrid}>
                {labeled(t('Webhook 地址'), secret('url', 'https://…'))}
                {draft.kind !== 'wecom' &&
                  labeled(
                    draft.kind === 'webhook' ? t('签名密钥') : t('加签密钥'),
                    secret('secret', draft.kind === 'webhook' ? t('必填') : t('可选')),
                  )}
              </div>
            )}
            {failure && (
              <div className={styles.channelError} data-testid={`channel-${index}-error`}>
                {t('最近发送失败：{error}', { error: failure.error })}
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
              label: t.label(ALERT_CHANNEL_LABELS[kind]),
            })),
            onClick: ({ key }) => add(key as AlertChannelKind),
          }}
        >
          <Button icon={<PlusOutlined />} data-testid="rule-add-channel">
            {t('添加通知渠道')}
          </Button>
        </Dropdown>
      )}
    </div>
  );
}
