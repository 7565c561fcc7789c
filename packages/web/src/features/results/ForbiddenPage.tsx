import { Button, Result } from 'antd';
import { useT } from '../../i18n/useT';
import styles from './ResultPage.module.css';

export function ForbiddenPage() {
  const t = useT();
  return (
    <div className={styles.page} data-testid="result-403">
      <Result
        status="403"
        title="403"
        subTitle={t('result.403')}
        extra={
          <Button type="primary" href="#/login">
            {t('result.403.action')}
          </Button>
        }
      />
    </div>
  );
}
