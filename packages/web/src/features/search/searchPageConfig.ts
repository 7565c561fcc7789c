import { page, type Chart, type Page } from '@yuqing/core';
import { zh } from '../../i18n/translateText';

/**
 * The search screen as a page: its query bar (range, keyword box, denoise, filter popover, quick
 * ranges) and the last 30 days by default. The query lives in the URL like a dashboard's, so a
 * reload or a copied link shows the same search. Its texts are shown through `t.label` by the
 * query bar, as a dashboard's configured texts are.
 */
export const SEARCH_PAGE: Page = page.parse({
  filter: [
    { type: 'date_range', default: 'last_30_days' },
    { type: 'search', options: { placeholder: zh('输入关键词，如：续航 +充电 -广告') } },
    { type: 'denoise' },
    {
      type: 'popover',
      label: zh('筛选'),
      options: [
        { field: 'media_platform', label: zh('媒体平台'), type: 'multi_select' },
        { field: 'media_type', label: zh('媒体类型'), type: 'multi_select' },
        { field: 'media_level', label: zh('媒体级别'), type: 'multi_select' },
        { field: 'tendency', label: zh('情感倾向'), type: 'radio' },
      ],
    },
    { type: 'quick_range' },
  ],
  defaultQuery: [{ field: 'range', value: 'last_30_days' }],
});

/** What the search screen's request is built from, as if it were one search-post widget. */
export const SEARCH_WIDGET: Pick<Chart, 'i' | 'aggs' | 'filter' | 'defaultQuery' | 'innerRequest'> =
  {
    i: 'search',
    aggs: 'common_articles_page',
    filter: [],
    defaultQuery: [],
    innerRequest: {},
  };
