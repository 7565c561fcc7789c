/** What other screens use of the schedules screen: the report list's section of schedules. */
export { ReportSchedules } from './ReportSchedules';
