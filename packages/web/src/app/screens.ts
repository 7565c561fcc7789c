import { lazy } from 'react';
import { preloadableLazy } from './preloadableLazy';

/* Each screen is its own chunk, loaded when its route is first opened. */

export const LoginPage = lazy(() =>
  import('../features/login/LoginPage').then((module) => ({ default: module.LoginPage })),
);
export const ForbiddenPage = lazy(() =>
  import('../features/results/ForbiddenPage').then((module) => ({ default: module.ForbiddenPage })),
);
export const NotFoundPage = lazy(() =>
  import('../features/results/NotFoundPage').then((module) => ({ default: module.NotFoundPage })),
);
const dashboardPage = preloadableLazy(() =>
  import('../features/dashboard/DashboardPage').then((module) => ({
    default: module.DashboardPage,
  })),
);
export const DashboardPage = dashboardPage.Component;
/** Loads the dashboard screen, which most visits open first (started while the session loads). */
export const preloadDashboardPage = dashboardPage.preload;
export const AiReportPage = lazy(() =>
  import('../features/ai-report/AiReportPage').then((module) => ({ default: module.AiReportPage })),
);
export const ManageVisualPage = lazy(() =>
  import('../features/manage-visual/ManageVisualPage').then((module) => ({
    default: module.ManageVisualPage,
  })),
);
export const ManageDataPage = lazy(() =>
  import('../features/manage-data/ManageDataPage').then((module) => ({
    default: module.ManageDataPage,
  })),
);
export const ManageSysPage = lazy(() =>
  import('../features/manage-sys/ManageSysPage').then((module) => ({
    default: module.ManageSysPage,
  })),
);
export const ManageAlertsPage = lazy(() =>
  import('../features/manage-alerts/ManageAlertsPage').then((module) => ({
    default: module.ManageAlertsPage,
  })),
);
export const ManageSchedulesPage = lazy(() =>
  import('../features/manage-schedules/ManageSchedulesPage').then((module) => ({
    default: module.ManageSchedulesPage,
  })),
);
export const AlertsPage = lazy(() =>
  import('../features/alerts/list/AlertsPage').then((module) => ({ default: module.AlertsPage })),
);
export const AdminConsolePage = lazy(() =>
  import('../features/admin/AdminConsolePage').then((module) => ({
    default: module.AdminConsolePage,
  })),
);
export const DownloadPage = lazy(() =>
  import('../features/download/DownloadPage').then((module) => ({ default: module.DownloadPage })),
);
export const ReportPage = lazy(() =>
  import('../features/report/ReportPage').then((module) => ({ default: module.ReportPage })),
);
export const SharedReportPage = lazy(() =>
  import('../features/report/SharedReportPage').then((module) => ({
    default: module.SharedReportPage,
  })),
);
export const KgPage = lazy(() =>
  import('../features/kg/KgPage').then((module) => ({ default: module.KgPage })),
);
export const SearchPage = lazy(() =>
  import('../features/search/SearchPage').then((module) => ({ default: module.SearchPage })),
);
export const ProjectListPage = lazy(() =>
  import('../features/projects/ProjectListPage').then((module) => ({
    default: module.ProjectListPage,
  })),
);
