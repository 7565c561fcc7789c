import {
  SCHEDULE_FREQUENCIES,
  SCHEDULE_FREQUENCY_LABELS,
  type ReportSummary,
  type Schedule,
  type SchedulesAnswer,
} from '@yuqing/core';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  message,
} from 'antd';
import { useEffect, useState } from 'react';
import { fetchReports } from '../../api/reports';
import { saveSchedule } from '../../api/schedules';
import { saveFailedMessage } from '../../forms/failureMessage';
import { WEEKDAYS } from '../../format/weekdays';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { NextRunPreview } from './NextRunPreview';
import {
  checkSchedule,
  newScheduleValues,
  scheduleValues,
  type ScheduleFormValues,
} from './scheduleForm';
import { FORMAT_CHOICES, FORMAT_LABELS, periodLabel, reportablePages } from './scheduleText';
import styles from './Schedules.module.css';

interface ScheduleDrawerProps {
  /** The schedule to edit; none for a new one. */
  schedule?: Schedule;
  channels: SchedulesAnswer['channels'];
  timeZone: string;
  onClose(): void;
  onSaved(schedule: Schedule): void;
}

/** Every half hour of the day, offered by the time field, which also takes any HH:mm typed. */
const TIME_OPTIONS = Array.from({ length: 48 }, (_, index) => {
  const time = `${String(Math.floor(index / 2)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`;
  return { value: time };
});

/** The project's reports, which a schedule may take as its template; none when unreadable. */
function useTemplates(): ReportSummary[] {
  const [reports, setReports] = useState<ReportSummary[]>([]);
  useEffect(() => {
    let live = true;
    fetchReports().then(
      (read) => live && setReports(read),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return reports;
}

/** Creates or edits a schedule: its page or template, timing, range, keywords, files, channels. */
export function ScheduleDrawer({
  schedule,
  channels,
  timeZone,
  onClose,
  onSaved,
}: ScheduleDrawerProps) {
  const t = useT();
  const menus = useSession().detail?.project.menus ?? [];
  const pages = reportablePages(menus);
  // Untyped: problems are set on fields by the paths the contract names.
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  // Fields not shown (a daily schedule's weekday) keep their values for the preview.
  const values = Form.useWatch((all: Partial<ScheduleFormValues>) => all, {
    form,
    preserve: true,
  });
  const frequency = values?.frequency ?? schedule?.frequency ?? 'daily';
  const templates = useTemplates();

  async function save() {
    const checked = checkSchedule(form.getFieldsValue(true) as ScheduleFormValues, schedule, t);
    if (!checked.ok) {
      form.setFields(
        checked.issues.map((issue) => ({ name: issue.path, errors: [issue.message] })),
      );
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveSchedule(checked.input, schedule?._id));
      void message.success(t('保存成功'));
    } catch (error) {
      void message.error(saveFailedMessage(error, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      open
      size={640}
      title={schedule ? t('编辑定时报告 · {name}', { name: schedule.name }) : t('新建定时报告')}
      onClose={onClose}
      destroyOnHidden
      data-testid="schedule-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t('取消')}</Button>
          <Button
            type="primary"
            loading={saving}
            onClick={() => void save()}
            data-testid="schedule-save"
          >
            {t('保存')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={schedule ? scheduleValues(schedule) : newScheduleValues(pages[0]?.key)}
        requiredMark={false}
      >
        <div className={styles.inline}>
          <Form.Item name="name" label={t('名称')} className={styles.grow}>
            <Input
              placeholder={t('如：品牌舆情日报')}
              maxLength={100}
              data-testid="schedule-name"
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('启用')} valuePropName="checked">
            <Switch data-testid="schedule-enabled" />
          </Form.Item>
        </div>
        <Form.Item
          name="template"
          label={t('报告模板')}
          extra={t('可选：每次的报告沿用所选报告的描述、页眉、Logo 与主题，页面随之而定')}
        >
          <Select
            allowClear
            options={templates.map((report) => ({ value: report.id, label: report.title }))}
            placeholder={t('不使用模板')}
            onChange={(id?: string) => {
              const page = templates.find((report) => report.id === id)?.page;
              if (page && pages.some((item) => item.key === page)) form.setFieldValue('page', page);
            }}
            data-testid="schedule-template"
          />
        </Form.Item>
        <Form.Item name="page" label={t('页面')}>
          <Select
            options={pages.map((page) => ({ value: page.key, label: t.label(page.label) }))}
            placeholder={t('请选择页面')}
            disabled={Boolean(values?.template)}
            data-testid="schedule-page"
          />
        </Form.Item>

        <div className={styles.inline}>
          <Form.Item name="frequency" label={t('频率')}>
            <Radio.Group
              optionType="button"
              options={SCHEDULE_FREQUENCIES.map((value) => ({
                value,
                label: t.label(SCHEDULE_FREQUENCY_LABELS[value]),
              }))}
              data-testid="schedule-frequency"
            />
          </Form.Item>
          {frequency === 'weekly' && (
            <Form.Item name="weekday" label={t('星期')}>
              <Select
                style={{ width: 100 }}
                options={WEEKDAYS.map((label, index) => ({
                  value: index + 1,
                  label: t(label),
                }))}
                data-testid="schedule-weekday"
              />
            </Form.Item>
          )}
          {frequency === 'monthly' && (
            <Form.Item name="day" label={t('日期#每月')} extra={t('小月取月末')}>
              <InputNumber min={1} max={31} style={{ width: 100 }} data-testid="schedule-day" />
            </Form.Item>
          )}
          <Form.Item name="time" label={t('时间')}>
            <AutoComplete
              options={TIME_OPTIONS}
              filterOption={(typed, option) => Boolean(option?.value.startsWith(typed))}
              placeholder="08:00"
              style={{ width: 110 }}
              data-testid="schedule-time"
            />
          </Form.Item>
        </div>

        <div className={styles.inline}>
          <Form.Item name="range" label={t('范围')}>
            <Radio.Group
              options={[
                {
                  value: 'period',
                  label: t('上一周期（{period}）', { period: periodLabel(frequency, t) }),
                },
                { value: 'last_days', label: t('近 N 天') },
              ]}
              data-testid="schedule-range"
            />
          </Form.Item>
          {values?.range === 'last_days' && (
            <Form.Item name="last_days" label={t('天数')}>
              <InputNumber min={1} max={92} style={{ width: 100 }} data-testid="schedule-days" />
            </Form.Item>
          )}
        </div>
        <Form.Item
          name={['query', 'q']}
          label={t('关键词')}
          extra={t('可选：只报告匹配该关键词表达式的文章')}
        >
          <Input
            placeholder={t('如：星河S7 +(召回 | 故障 | 投诉)')}
            data-testid="schedule-keyword"
          />
        </Form.Item>
        <Form.Item name="formats" label={t('文件格式')}>
          <Checkbox.Group
            options={FORMAT_CHOICES.map((value) => ({ value, label: FORMAT_LABELS[value] }))}
            data-testid="schedule-formats"
          />
        </Form.Item>
        {channels.length === 0 ? (
          <Form.Item label={t('发送渠道')}>
            <Alert
              type="info"
              showIcon
              title={t('暂无可用渠道，请先在「预警规则」中为规则添加通知渠道')}
              data-testid="schedule-no-channels"
            />
          </Form.Item>
        ) : (
          <Form.Item name="channel_ids" label={t('发送渠道')}>
            <Select
              mode="multiple"
              allowClear
              options={channels.map((channel) => ({ value: channel.id, label: channel.label }))}
              placeholder={t('选择发送渠道')}
              data-testid="schedule-channels"
            />
          </Form.Item>
        )}
      </Form>
      <NextRunPreview values={values} timeZone={timeZone} />
    </Drawer>
  );
}
