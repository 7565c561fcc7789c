/** Dashboards, their query bar and widgets, reports, AI reports, downloads and search. */
export const dashboardReportEnglish = {} as const;
