import { Button, Result } from 'antd';
import { useT } from '../../i18n/useT';
import styles from './ResultPage.module.css';

interface NotFoundPageProps {
  /** Where the home link leads: the project's landing page unless told otherwise. */
  homeHref?: string;
}

export function NotFoundPage({ homeHref = '#/' }: NotFoundPageProps) {
  const t = useT();
  return (
    <div className={styles.page} data-testid="result-404">
      <Result
        status="404"
        title="404"
        subTitle={t('result.404')}
        extra={
          <Button type="primary" href={homeHref}>
            {t('result.404.action')}
          </Button>
        }
      />
    </div>
  );
}
