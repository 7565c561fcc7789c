import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProjectSystemSettings } from '@yuqing/core';
import { Button, Input, Table } from 'antd';
import { useT } from '../../i18n/useT';

type Media = ProjectSystemSettings['medias'][number];

interface MediaTableProps {
  value?: Media[];
  onChange?: (value: Media[]) => void;
}

/** The project's media list: the code posts carry and the name it shows as. */
export function MediaTable({ value = [], onChange }: MediaTableProps) {
  const t = useT();
  const change = (index: number, patch: Partial<Media>) =>
    onChange?.(value.map((media, at) => (at === index ? { ...media, ...patch } : media)));

  return (
    <div data-testid="sys-medias">
      <Table<Media & { index: number }>
        size="small"
        rowKey="index"
        pagination={false}
        dataSource={value.map((media, index) => ({ ...media, index }))}
        locale={{ emptyText: t('暂无媒体') }}
        columns={[
          {
            title: t('名称'),
            key: 'name',
            render: (_, media) => (
              <Input
                size="small"
                value={media.name}
                placeholder={t('名称，如 微博')}
                aria-label={t('媒体名称')}
                onChange={(event) => change(media.index, { name: event.target.value })}
              />
            ),
          },
          {
            title: t('代码'),
            key: 'code',
            render: (_, media) => (
              <Input
                size="small"
                value={media.code}
                placeholder={t('代码，如 Weibo')}
                aria-label={t('媒体代码')}
                onChange={(event) => change(media.index, { code: event.target.value })}
              />
            ),
          },
          {
            title: '',
            key: 'remove',
            width: 48,
            render: (_, media) => (
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('删除媒体')}
                onClick={() => onChange?.(value.filter((_, at) => at !== media.index))}
              />
            ),
          },
        ]}
      />
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange?.([...value, { name: '', code: '' }])}
      >
        {t('添加媒体')}
      </Button>
    </div>
  );
}
