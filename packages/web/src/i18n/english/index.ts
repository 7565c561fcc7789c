import { commonEnglish } from './common';
import { coreLabelsEnglish } from './core-labels';
import { dashboardReportEnglish } from './dashboard-report';
import { manageAdminSysEnglish } from './manage-admin-sys';
import { manageAlertsDataEnglish } from './manage-alerts-data';
import { manageSchedulesEnglish } from './manage-schedules';
import { manageVisualEnglish } from './manage-visual';
import { postsKgAlertsEnglish } from './posts-kg-alerts';
import { shellEnglish } from './shell';

/**
 * The English of every Chinese text the interface shows, keyed by the Chinese itself (as Outline
 * keys its texts by their English): the Chinese text is the source and zh_CN needs no table.
 * One table per part of the app, so each stays readable.
 */
export const ENGLISH_TABLES = {
  common: commonEnglish,
  shell: shellEnglish,
  coreLabels: coreLabelsEnglish,
  dashboardReport: dashboardReportEnglish,
  postsKgAlerts: postsKgAlertsEnglish,
  manageAdminSys: manageAdminSysEnglish,
  manageAlertsData: manageAlertsDataEnglish,
  manageSchedules: manageSchedulesEnglish,
  manageVisual: manageVisualEnglish,
} as const;

type Tables = typeof ENGLISH_TABLES;
type KeysOf<T> = T extends unknown ? keyof T : never;

/** A Chinese text of the interface that has an English translation. */
export type ZhText = Extract<KeysOf<Tables[keyof Tables]>, string>;

export const ENGLISH: ReadonlyMap<string, string> = new Map(
  Object.values(ENGLISH_TABLES).flatMap((table) => Object.entries(table)),
);
