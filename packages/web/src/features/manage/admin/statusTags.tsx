import { Tag } from 'antd';
import type { ProjectStatus } from './tenancyTree';

/** 正常 / 已停用, as every admin table shows a row's state. */
export function enabledTag(disabled: boolean) {
  return disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>;
}

export function projectStatusTag(status: ProjectStatus) {
  if (status === 'customerDisabled') return <Tag color="orange">客户已停用</Tag>;
  return enabledTag(status === 'disabled');
}
