import { FireOutlined } from '@ant-design/icons';
import type { ChartRequest } from '@yuqing/core';
import { useState } from 'react';
import { useT } from '../../../i18n/useT';
import { useQueryStore } from '../../../query/queryStore';
import { HotPostDrawer } from './HotPostDrawer';
import { hotPostRequest } from './hotPosts';
import styles from './HotPosts.module.css';

interface HotPostTriggerProps {
  /** The project's time zone (ranges are resolved in it). */
  timeZone: string;
}

/**
 * 热门信息: a tab fixed to the right edge of the page (it takes no room from the widgets) that
 * opens the hot-post drawer on the page's current query (shown when page_config.hotpost.show).
 */
export function HotPostTrigger({ timeZone }: HotPostTriggerProps) {
  const t = useT();
  const [request, setRequest] = useState<ChartRequest>();
  const [open, setOpen] = useState(false);
  // Each opening mounts a new drawer: the list resets on open (spec 2).
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        onClick={() => {
          setRequest(hotPostRequest(useQueryStore.getState().query, Date.now(), timeZone));
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
        data-testid="hot-post-trigger"
      >
        <FireOutlined className={styles.fire} />
        <span className={styles.triggerText}>{t('热门信息')}</span>
      </button>
      <HotPostDrawer key={openings} open={open} request={request} onClose={() => setOpen(false)} />
    </>
  );
}
