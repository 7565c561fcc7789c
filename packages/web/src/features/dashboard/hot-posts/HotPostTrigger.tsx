import { FireOutlined } from '@ant-design/icons';
import type { ChartRequest } from '@yuqing/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useQueryStore } from '../query/queryStore';
import { HotPostDrawer } from './HotPostDrawer';
import { hotPostRequest } from './hotPosts';

interface HotPostTriggerProps {
  /** The project's time zone (ranges are resolved in it). */
  timeZone: string;
}

/** 热门信息: opens the hot-post drawer on the page's current query (page_config.hotpost.show). */
export function HotPostTrigger({ timeZone }: HotPostTriggerProps) {
  const [request, setRequest] = useState<ChartRequest>();
  const [open, setOpen] = useState(false);
  // Each opening mounts a new drawer: the list resets on open (spec 2).
  const [openings, setOpenings] = useState(0);
  return (
    <>
      <Button
        icon={<FireOutlined style={{ color: '#ff7a45' }} />}
        onClick={() => {
          setRequest(hotPostRequest(useQueryStore.getState().query, Date.now(), timeZone));
          setOpenings((count) => count + 1);
          setOpen(true);
        }}
        data-testid="hot-post-trigger"
      >
        热门信息
      </Button>
      <HotPostDrawer key={openings} open={open} request={request} onClose={() => setOpen(false)} />
    </>
  );
}
