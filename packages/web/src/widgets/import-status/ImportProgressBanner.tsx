import { importPercent } from '@yuqing/core';
import { Alert, Progress } from 'antd';
import { useT } from '../../i18n/useT';
import { useImportStatus } from './importStatusStore';
import { useImportPolling } from './useImportPolling';

/** Tells every viewer that the demo posts are still being imported, and how far it has got. */
export function ImportProgressBanner() {
  useImportPolling();
  const status = useImportStatus((state) => state.status);
  const t = useT();
  if (!status.running) return null;
  const percent = importPercent(status);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="import-progress"
      message={t('import.demo', { percent })}
      description={
        <>
          <Progress percent={percent} size="small" status="active" showInfo={false} />
          {t('import.demoHint', {
            committed: status.committed.toLocaleString(),
            total: status.total.toLocaleString(),
          })}
        </>
      }
    />
  );
}
