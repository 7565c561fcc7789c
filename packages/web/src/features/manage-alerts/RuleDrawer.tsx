import {
  CHECK_INTERVALS,
  type AlertChannelInput,
  type AlertRule,
  type AlertRuleInput,
  type TestAlertRuleAnswer,
} from '@yuqing/core';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  message,
} from 'antd';
import { useState } from 'react';
import { saveAlertChannels } from '../../api/alertChannels';
import { saveAlertRule, testAlertRule } from '../../api/alerts';
import { useT, type Translate } from '../../i18n/useT';
import { failureMessage, saveFailedMessage } from '../../forms/failureMessage';
import { FilterChipsEditor } from '../manage-visual';
import { channelProblem, checkChannel } from './channelDraft';
import { ChannelsEditor } from './ChannelsEditor';
import { ConditionFields } from './ConditionFields';
import {
  checkRule,
  conditionDefaults,
  newRuleValues,
  ruleValues,
  type RuleFormValues,
} from './ruleForm';
import { RuleTestResult } from './RuleTestResult';
import { useRuleChannels } from './useRuleChannels';
import { levelOptions } from '../../alert-display/levelOptions';
import { conditionKindOptions, intervalText } from './ruleText';
import styles from './AlertRules.module.css';

interface RuleDrawerProps {
  /** The rule to edit; none for a new one. */
  rule?: AlertRule;
  onClose(): void;
  onSaved(rule: AlertRule): void;
}

const intervalOptions = (t: Translate) =>
  CHECK_INTERVALS.map((minutes) => ({ value: minutes, label: intervalText(minutes, t) }));

/** Creates or edits a rule: its query, condition, schedule, quiet hours and channels; 测试规则. */
export function RuleDrawer({ rule, onClose, onSaved }: RuleDrawerProps) {
  const t = useT();
  // Untyped: problems are set on fields by the paths the contract names.
  const [form] = Form.useForm();
  const channels = useRuleChannels(rule?._id);
  const [busy, setBusy] = useState<'save' | 'test'>();
  const [tested, setTested] = useState<{ answer: TestAlertRuleAnswer; rule: AlertRuleInput }>();
  const quiet = Form.useWatch('quiet', form) as boolean | undefined;

  /** The form as a rule, or undefined after marking each problem on its field. */
  function checkedRule() {
    const checked = checkRule(form.getFieldsValue(true) as RuleFormValues, rule, t);
    if (checked.ok) return checked.rule;
    form.setFields(checked.issues.map((issue) => ({ name: issue.path, errors: [issue.message] })));
    return undefined;
  }

  async function test() {
    const checked = checkedRule();
    if (!checked) return;
    setBusy('test');
    try {
      setTested({ answer: await testAlertRule(checked), rule: checked });
    } catch (error) {
      void message.error(
        failureMessage(error, t('测试失败'), (reason) => t('测试失败：{reason}', { reason })),
      );
    } finally {
      setBusy(undefined);
    }
  }

  /** Saves the rule, then its channels; answers what to tell the admin. */
  async function store(checked: AlertRuleInput, inputs: AlertChannelInput[]) {
    let saved: AlertRule;
    try {
      saved = await saveAlertRule(checked, rule?._id);
    } catch (error) {
      return void message.error(saveFailedMessage(error, t));
    }
    const channelsFailure = await storeChannels(saved._id, inputs);
    // Only now does the drawer turn to the saved rule, which reads its channels again: read
    // before their save had answered, a new rule's channels came back empty.
    onSaved(saved);
    if (channelsFailure) return void message.error(channelsFailure);
    void message.success(t('保存成功'));
  }

  /** Replaces the rule's channels; answers why that failed, if it did. */
  async function storeChannels(ruleId: string, inputs: AlertChannelInput[]) {
    // Channels the server never answered are not replaced (with none, where it keeps none).
    if (inputs.length === 0 && !channels.loaded) return undefined;
    try {
      await saveAlertChannels(ruleId, inputs);
      return undefined;
    } catch (error) {
      return failureMessage(error, t('规则已保存，通知渠道保存失败'), (reason) =>
        t('规则已保存，通知渠道保存失败：{reason}', { reason }),
      );
    }
  }

  async function save() {
    const checked = checkedRule();
    if (!checked) return;
    const inputs: AlertChannelInput[] = [];
    for (const draft of channels.drafts) {
      const channel = checkChannel(draft, t);
      if (!channel.ok) return void message.error(channelProblem(draft, channel.issues[0]!, t));
      inputs.push(channel.channel);
    }
    setBusy('save');
    await store(checked, inputs);
    setBusy(undefined);
  }

  return (
    <Drawer
      open
      size={760}
      title={rule ? t('编辑预警规则 · {name}', { name: rule.name }) : t('新建预警规则')}
      onClose={onClose}
      destroyOnHidden
      data-testid="rule-drawer"
      extra={
        <Space>
          <Button loading={busy === 'test'} onClick={() => void test()} data-testid="rule-test">
            {t('测试规则')}
          </Button>
          <Button onClick={onClose}>{t('取消')}</Button>
          <Button
            type="primary"
            loading={busy === 'save'}
            onClick={() => void save()}
            data-testid="rule-save"
          >
            {t('保存')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={rule ? ruleValues(rule) : newRuleValues()}
        onValuesChange={() => setTested(undefined)}
        requiredMark={false}
      >
        <div className={styles.inline}>
          <Form.Item name="name" label={t('规则名称')} className={styles.grow}>
            <Input
              placeholder={t('如：品牌负面声量突增')}
              maxLength={100}
              data-testid="rule-name"
            />
          </Form.Item>
          <Form.Item name="level" label={t('级别')}>
            <Select
              options={levelOptions.map((option) => ({ ...option, label: t.label(option.label) }))}
              style={{ width: 120 }}
              data-testid="rule-level"
            />
          </Form.Item>
        </div>

        <Divider titlePlacement="start">{t('监测范围')}</Divider>
        <Form.Item
          name={['query', 'q']}
          label={t('关键词表达式')}
          extra={t('空格或 + 表示同时包含，| 表示或，- 表示排除，可用括号分组')}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('如：星河S7 +(召回 | 故障 | 投诉)')}
            data-testid="rule-keyword"
          />
        </Form.Item>
        <Form.Item name={['query', 'filters']} label={t('筛选条件')}>
          <FilterChipsEditor />
        </Form.Item>

        <Divider titlePlacement="start">{t('触发条件')}</Divider>
        <Form.Item name={['condition', 'kind']} label={t('条件类型')}>
          <Select
            options={conditionKindOptions(t)}
            style={{ width: 220 }}
            data-testid="rule-kind"
            onChange={(kind: RuleFormValues['condition']['kind']) =>
              form.setFieldValue('condition', conditionDefaults(kind))
            }
          />
        </Form.Item>
        <ConditionFields />

        <Divider titlePlacement="start">{t('检查与免打扰')}</Divider>
        <div className={styles.inline}>
          <Form.Item name="interval_minutes" label={t('检查频率')}>
            <Select
              options={intervalOptions(t)}
              style={{ width: 140 }}
              data-testid="rule-interval"
            />
          </Form.Item>
          <Form.Item
            name="cooldown_minutes"
            label={t('冷却时间（分钟）')}
            tooltip={t('一次事件结束后，在此时间内不再产生新预警')}
          >
            <InputNumber min={0} style={{ width: 140 }} data-testid="rule-cooldown" />
          </Form.Item>
          <Form.Item name="quiet" label={t('免打扰时段')} valuePropName="checked">
            <Switch data-testid="rule-quiet" />
          </Form.Item>
          {quiet && (
            <>
              <Form.Item name={['quiet_hours', 'start']} label={t('开始')}>
                <Input placeholder="22:00" style={{ width: 100 }} data-testid="rule-quiet-start" />
              </Form.Item>
              <Form.Item name={['quiet_hours', 'end']} label={t('结束')}>
                <Input placeholder="08:00" style={{ width: 100 }} data-testid="rule-quiet-end" />
              </Form.Item>
            </>
          )}
        </div>
      </Form>

      <Divider titlePlacement="start">{t('通知渠道')}</Divider>
      {channels.unavailable ? (
        <Alert
          type="warning"
          showIcon
          title={channels.unavailable}
          data-testid="rule-channels-unavailable"
        />
      ) : (
        <ChannelsEditor
          ruleId={rule?._id}
          value={channels.drafts}
          errors={channels.errors}
          onChange={channels.setDrafts}
        />
      )}

      {tested && (
        <>
          <Divider titlePlacement="start">{t('测试结果')}</Divider>
          <RuleTestResult answer={tested.answer} rule={tested.rule} t={t} />
        </>
      )}
    </Drawer>
  );
}
