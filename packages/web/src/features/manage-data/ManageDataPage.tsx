import type { ProjectDataItem } from '@yuqing/core';
import { Empty, Modal, message } from 'antd';
import { useRef, useState } from 'react';
import { deleteProjectDataItem, fetchProjectDataItems } from '../../api/manageData';
import { useT } from '../../i18n/useT';
import { DataItemEditor } from './DataItemEditor';
import { DataItemList } from './DataItemList';
import { NewItemModal } from './NewItemModal';
import { SentimentEvalPanel } from './SentimentEvalPanel';
import { TagRulesPanel } from './TagRulesPanel';
import { useFetchedList } from '../../api/useFetchedList';
import { LeaveGuard } from '../../components/LeaveGuard';
import styles from './ManageData.module.css';

interface OpenItem {
  item: ProjectDataItem;
  isNew: boolean;
  /** A fresh editor each time an item is opened. */
  openId: number;
}

/**
 * 数据配置 (#/manage/data): the project's named lists and trees, which filter options with an
 * `api` source and custom left tree menus read; a list to pick from and an editor for one; and
 * the project's tagging rules; and the sentiment model's evaluation on people's labels.
 */
export function ManageDataPage() {
  const t = useT();
  const [open, setOpen] = useState<OpenItem>();
  const [adding, setAdding] = useState(false);
  const [dirty, setDirty] = useState(false);
  const openCount = useRef(0);
  const [modal, modalHolder] = Modal.useModal();

  /** Raised to read the list again after a save or a delete. */
  const [listVersion, setListVersion] = useState(0);
  const reload = () => setListVersion((value) => value + 1);

  const items = useFetchedList(fetchProjectDataItems, true, listVersion);

  const show = (item: ProjectDataItem, isNew: boolean) => {
    setDirty(false);
    openCount.current += 1;
    setOpen({ item, isNew, openId: openCount.current });
  };

  /** Runs `then` at once, or after the user agrees to drop unsaved edits. */
  const leaveEditor = (then: () => void) => {
    if (!dirty) return then();
    void modal.confirm({
      title: t('放弃未保存的修改？'),
      content: t('「{name}」有未保存的修改。', { name: open?.item.name ?? '' }),
      okText: t('放弃修改'),
      cancelText: t('继续编辑'),
      okButtonProps: { danger: true },
      onOk: then,
    });
  };

  const select = (item: ProjectDataItem) => {
    if (open?.item.name === item.name && !open.isNew) return;
    leaveEditor(() => show(item, false));
  };

  async function remove(name: string) {
    try {
      await deleteProjectDataItem(name);
    } catch (error) {
      void message.error(
        error instanceof Error && error.message
          ? t('删除失败：{reason}', { reason: error.message })
          : t('删除失败'),
      );
      return;
    }
    void message.success(t('删除成功'));
    if (open?.item.name === name) {
      setDirty(false);
      setOpen(undefined);
    }
    reload();
  }

  function saved(item: ProjectDataItem) {
    setOpen((current) => current && { ...current, item, isNew: false });
    reload();
  }

  return (
    <div className={styles.page} data-testid="manage-data">
      <aside className={styles.listColumn}>
        <div className={styles.panel}>
          <DataItemList
            items={items}
            selected={open?.item.name}
            onSelect={select}
            onAdd={() => leaveEditor(() => setAdding(true))}
            onDelete={(name) => void remove(name)}
          />
        </div>
        <TagRulesPanel />
        <SentimentEvalPanel />
      </aside>
      <section className={`${styles.panel} ${styles.editorPanel}`}>
        {open ? (
          <DataItemEditor
            key={open.openId}
            item={open.item}
            isNew={open.isNew}
            onSaved={saved}
            onDirtyChange={setDirty}
          />
        ) : (
          <Empty
            description={t('选择左侧的数据项进行编辑，或新建一个（可从 CSV 导入）')}
            style={{ padding: '48px 0' }}
          />
        )}
      </section>
      <NewItemModal
        open={adding}
        existing={items?.map((item) => item.name) ?? []}
        onCancel={() => setAdding(false)}
        onCreate={(item) => {
          setAdding(false);
          show(item, true);
        }}
      />
      {modalHolder}
      <LeaveGuard
        dirty={dirty}
        modal={modal}
        confirm={{
          title: t('放弃未保存的修改？'),
          content: t('「{name}」有未保存的修改，离开后将丢失。', { name: open?.item.name ?? '' }),
          okText: t('放弃修改'),
          cancelText: t('继续编辑'),
          danger: true,
        }}
      />
    </div>
  );
}
