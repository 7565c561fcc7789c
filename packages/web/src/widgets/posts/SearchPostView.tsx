import { SearchResults } from '../../posts/SearchResults';
import type { WidgetViewProps } from '../types';
import type { PostWidgetData } from '@yuqing/core';
import { usePostWidget } from './usePostWidget';
import styles from './PostWidgets.module.css';

/** Search post: the full search result list of the search screen, on the page's query. */
export default function SearchPostView({ chart, data }: WidgetViewProps<PostWidgetData>) {
  const { verify } = usePostWidget(chart, data.request);
  return (
    <div className={styles.scroll}>
      <SearchResults
        request={data.request}
        initial={data.page}
        defaultSort={data.sort}
        pageSize={data.size}
        view={chart.options.viewType}
        verify={verify}
      />
    </div>
  );
}
