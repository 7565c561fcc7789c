import { SearchResults } from '../../posts/SearchResults';
import type { WidgetViewProps } from '../types';
import type { PostWidgetData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Post list: compact rows with pagination, no sort or view switches. */
export default function PostListView({ chart, data }: WidgetViewProps<PostWidgetData>) {
  const { verify } = usePostWidget(chart, data.request);
  return (
    <div className={styles.scroll}>
      <SearchResults
        request={data.request}
        initial={data.page}
        defaultSort={data.sort}
        pageSize={data.size}
        view={chart.options.viewType ?? 'compact'}
        controls={false}
        verify={verify}
      />
    </div>
  );
}
