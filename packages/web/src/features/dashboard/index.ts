/** What other screens use of the dashboard: its view of a page (the AI report shows it too). */
export { DashboardView } from './DashboardView';
