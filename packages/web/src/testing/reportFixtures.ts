import { chart, type Report } from '@yuqing/core';
import { todayQuery } from './testSession';

const MADE_AT = Date.UTC(2024, 2, 15, 4);

/** A table of posts per platform, as a report snapshots it. */
export const platformTable = chart.parse({
  i: 'platforms',
  type: 'm-table',
  title: '平台分布', // i18n-ignore: sample report data for tests
  x: 0,
  y: 0,
  w: 12,
  h: 20,
  innerRequest: { field: 'media_platform' },
});

/** A report of one table with its snapshot and texts, for component tests. */
export function testReport(patch: Partial<Report> = {}): Report {
  return {
    id: '6f1f7c52-1a1b-4c5d-8e9f-0a1b2c3d4e5f',
    title: '品牌周报', // i18n-ignore: sample report data for tests
    desc: '本周声量概览', // i18n-ignore: sample report data for tests
    header_text: '数据截至周五', // i18n-ignore: sample report data for tests
    header_img: null,
    logo_img: null,
    theme: { colors: ['#112233'], colorMap: [], bgColor: '#FAFAFA' },
    repository: 'demo',
    customer: 'demo',
    project: 'demo',
    charts: [platformTable],
    aggsData: {
      platforms: {
        top_text: '微博声量居首', // i18n-ignore: sample report data for tests
        footer_text: '来源：全网监测', // i18n-ignore: sample report data for tests
        data: {
          aggs: 'common_terms',
          field: 'media_platform',
          valueType: 'volume',
          list: [{ name: '小红书', value: 42 }], // i18n-ignore: sample report data for tests
        },
      },
    },
    chart_source: {
      page: 'home',
      query: todayQuery(MADE_AT, 'Asia/Shanghai'),
      now: MADE_AT,
      range: '2024/03/15 – 2024/03/15',
      filters: ['媒体：微博', '关键词：新品'], // i18n-ignore: sample report data for tests
    },
    published: false,
    author: '小李', // i18n-ignore: sample report data for tests
    created: MADE_AT,
    updated: MADE_AT,
    ...patch,
  };
}
