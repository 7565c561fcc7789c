import { Alert } from 'antd';
import { useT } from '../../i18n/useT';
import styles from './ManageData.module.css';

const SHOWN = 50;

interface IssueListProps {
  title: string;
  lines: string[];
  testId?: string;
}

/** Problems to fix, one per line; a long list shows its first lines and how many more. */
export function IssueList({ title, lines, testId }: IssueListProps) {
  const t = useT();
  if (!lines.length) return null;
  const more = lines.length - SHOWN;
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      data-testid={testId}
      description={
        <ul className={styles.issues}>
          {lines.slice(0, SHOWN).map((line, index) => (
            <li key={index}>{line}</li>
          ))}
          {more > 0 && <li>{t('还有 {count} 处…', { count: more })}</li>}
        </ul>
      }
    />
  );
}
