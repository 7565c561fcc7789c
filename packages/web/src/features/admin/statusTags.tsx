import { Tag } from 'antd';
import { useT } from '../../i18n/useT';
import type { ProjectStatus } from './tenancyTree';

/** 正常 / 已停用, as every admin table shows a row's state. */
export function EnabledTag({ disabled }: { disabled: boolean }) {
  const t = useT();
  return disabled ? <Tag color="red">{t('已停用')}</Tag> : <Tag color="green">{t('正常')}</Tag>;
}

export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  const t = useT();
  if (status === 'customerDisabled') return <Tag color="orange">{t('客户已停用')}</Tag>;
  return <EnabledTag disabled={status === 'disabled'} />;
}
