/** Scheduled reports: the manage screen, its drawers, and the report list's section. */
export const manageSchedulesEnglish = {
  // The list (#/manage/schedules).
  '按设定的时间生成页面的报告，导出为文件，发送到所选的通知渠道和订阅成员的邮箱':
    'Reports of a page are made on schedule, exported as files and sent to the chosen notification channels and to subscribers’ mailboxes',
  新建定时报告: 'New scheduled report',
  暂无定时报告: 'No scheduled reports',
  频率: 'Frequency',
  范围: 'Range',
  订阅: 'Subscribe',
  '订阅#人数': 'Subscribers',
  下次发送: 'Next send',
  最近一次: 'Last run',
  尚未发送: 'Not sent yet',
  立即发送: 'Send now',
  历史: 'History',
  已开始发送: 'Sending started',
  '删除定时报告「{name}」？': 'Delete scheduled report “{name}”?',
  删除后不再定时发送: 'It will no longer be sent',

  // How a schedule reads.
  '每天 {time}': 'Daily at {time}',
  '每{weekday} {time}': 'Every {weekday} at {time}',
  '每月 {day} 日 {time}': 'Monthly on day {day} at {time}',
  '近 {days} 天': 'Last {days} days',

  // The editor.
  '编辑定时报告 · {name}': 'Edit scheduled report · {name}',
  '如：品牌舆情日报': 'e.g. Daily brand report',
  星期: 'Weekday',
  '日期#每月': 'Day of month',
  小月取月末: 'Shorter months send on their last day',
  '上一周期（{period}）': 'Previous period ({period})',
  '近 N 天': 'Last N days',
  '可选：只报告匹配该关键词表达式的文章':
    'Optional: report only posts matching this keyword expression',
  文件格式: 'File formats',
  发送渠道: 'Channels',
  选择发送渠道: 'Select channels',
  '暂无可用渠道，请先在「预警规则」中为规则添加通知渠道':
    'No channels available; add notification channels to a rule in “Alert rules” first',
  '下次发送：{time}（{zone}）': 'Next send: {time} ({zone})',
  '已停用，不会定时发送': 'Disabled: it will not be sent on schedule',

  // The history.
  '发送记录 · {name}': 'Send history · {name}',
  发送记录加载失败: 'Failed to load the send history',
  暂无发送记录: 'Nothing sent yet',
  周期: 'Period',
  方式: 'How',
  定时: 'Scheduled',
  接收方: 'Recipients',
  查看报告: 'View report',

  // The report list's section and subscriptions.
  管理定时报告: 'Manage scheduled reports',
  我的订阅: 'My subscription',
  取消订阅: 'Unsubscribe',
  '已取消订阅「{name}」': 'Unsubscribed from “{name}”',
  取消订阅失败: 'Unsubscribe failed',
  '取消订阅失败：{reason}': 'Unsubscribe failed: {reason}',
  '订阅 · {name}': 'Subscribe · {name}',
  邮箱: 'Email',
  '每次发送后，报告文件将发送到该邮箱': 'After each run, the report files are sent to this address',
  '已订阅「{name}」': 'Subscribed to “{name}”',
  订阅失败: 'Subscribe failed',
  '订阅失败：{reason}': 'Subscribe failed: {reason}',
  // The drawer's template.
  报告模板: 'Report template',
  '可选：每次的报告沿用所选报告的描述、页眉、Logo 与主题，页面随之而定':
    'Optional: each run’s report takes the chosen report’s description, header, logo and theme, and its page',
  不使用模板: 'No template',
} as const;
