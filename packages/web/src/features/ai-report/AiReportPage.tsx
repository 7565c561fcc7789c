import { aiReportLayout } from '@yuqing/core';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { DashboardView } from '../dashboard';
import { ReportSummary } from './ReportSummary';

interface AiReportPageProps {
  menuKey: string;
  title: string;
}

/**
 * The AI report screen: the dashboard's page for this menu item if it has one, else the built-in
 * layout for a project or a subject, under a summary written from the numbers.
 */
export function AiReportPage({ menuKey, title }: AiReportPageProps) {
  const t = useT();
  const { detail } = useSession();
  const configured = detail?.dashboard.pages[menuKey];
  const isSubject = Boolean(detail?.subject);
  const page = useMemo(
    () => configured ?? aiReportLayout(isSubject ? 'subject' : 'project'),
    [configured, isSubject],
  );
  if (!detail) return null;
  return (
    <DashboardView
      menuKey={menuKey}
      title={title}
      page={page}
      timeZone={detail.project.timezone}
      site={detail.dashboard.site}
      header={
        <ReportSummary
          title={detail.subject ? `${detail.subject.name} · ${t.label(title)}` : t.label(title)}
        />
      }
    />
  );
}
