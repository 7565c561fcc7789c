import {
  CommentOutlined,
  EyeOutlined,
  FileTextOutlined,
  FrownOutlined,
  InteractionOutlined,
  LikeOutlined,
  MehOutlined,
  PieChartOutlined,
  RetweetOutlined,
  SmileOutlined,
} from '@ant-design/icons';
import type { StatisticMetric } from '@yuqing/core';
import type { ComponentType } from 'react';

/** The icon of each statistics card. */
export const METRIC_ICONS: Record<StatisticMetric, ComponentType> = {
  volume: FileTextOutlined,
  engagement_num: InteractionOutlined,
  repost_num: RetweetOutlined,
  comment_num: CommentOutlined,
  like_num: LikeOutlined,
  read_num: EyeOutlined,
  正面: SmileOutlined,
  中性: MehOutlined,
  负面: FrownOutlined,
  positive_rate: PieChartOutlined,
  negative_rate: PieChartOutlined,
};
