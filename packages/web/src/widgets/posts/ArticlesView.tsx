import { PostList } from '../../posts/PostList';
import type { WidgetViewProps } from '../types';
import type { PostWidgetData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Articles: the first `size` posts as cards (or compact rows when options.viewType says so). */
export default function ArticlesView({ chart, data }: WidgetViewProps<PostWidgetData>) {
  const { terms, verify } = usePostWidget(chart, data.request);
  return (
    <div className={styles.scroll}>
      <PostList
        posts={data.page.list}
        terms={terms}
        view={chart.options.viewType ?? 'normal'}
        verify={verify}
      />
    </div>
  );
}
