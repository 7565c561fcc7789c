import { STALE_DRAFT_MESSAGE } from '@yuqing/core';
import { Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { useEditorStore } from './editorStore';

/**
 * A save refused because another admin saved the draft first (409): nothing is lost. The admin
 * keeps editing (the edits stay here and in local storage) or takes the server's draft instead.
 */
export function StaleSaveModal() {
  const t = useT();
  const open = useEditorStore((state) => state.staleSave);
  const close = useEditorStore((state) => state.closeStaleSave);
  const reload = useEditorStore((state) => state.reloadFromServer);
  const [reloading, setReloading] = useState(false);
  return (
    <Modal
      title={t('保存失败：草稿已被修改')}
      open={open}
      onCancel={close}
      closable
      maskClosable={false}
      footer={[
        <Button
          key="reload"
          danger
          loading={reloading}
          data-testid="manage-stale-reload"
          onClick={async () => {
            setReloading(true);
            await reload().finally(() => setReloading(false));
          }}
        >
          {t('放弃我的修改，载入最新草稿')}
        </Button>,
        <Button key="keep" type="primary" onClick={close} data-testid="manage-stale-keep">
          {t('继续编辑')}
        </Button>,
      ]}
    >
      <div data-testid="manage-stale-modal">
        <Typography.Paragraph strong>{t.label(STALE_DRAFT_MESSAGE)}</Typography.Paragraph>
        <Typography.Paragraph>
          {t(
            '你打开编辑器之后，另一位管理员保存了这个项目的草稿。为了不覆盖他的修改，这次保存没有执行。 你的修改都还在（也保存在本浏览器中）：可以继续编辑并记下改动，或者放弃自己的修改、载入最新草稿后重新修改。',
          )}
        </Typography.Paragraph>
      </div>
    </Modal>
  );
}

/** Local edits made on an older draft revision were found when the editor opened. */
export function StaleLocalModal() {
  const t = useT();
  const stale = useEditorStore((state) => state.staleLocal);
  const keep = useEditorStore((state) => state.keepStaleLocal);
  const discard = useEditorStore((state) => state.discardStaleLocal);
  return (
    <Modal
      title={t('发现未保存的本地修改')}
      open={Boolean(stale)}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="keep" onClick={keep} data-testid="manage-local-keep">
          {t('恢复我的修改')}
        </Button>,
        <Button
          key="discard"
          type="primary"
          danger
          onClick={discard}
          data-testid="manage-local-discard"
        >
          {t('丢弃本地修改')}
        </Button>,
      ]}
    >
      <div data-testid="manage-local-modal">
        <p>
          {t('本浏览器中有 {time} 未保存的修改，但服务器上的草稿此后已被保存过。', {
            time: stale ? new Date(stale.savedAt).toLocaleString('zh-CN', { hour12: false }) : '',
          })}
        </p>
        <p>{t('恢复它们会在保存时覆盖较新的草稿；丢弃则使用服务器上的草稿。')}</p>
      </div>
    </Modal>
  );
}
