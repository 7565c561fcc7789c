import { UploadOutlined } from '@ant-design/icons';
import type { OptionItem, ProjectDataItem } from '@yuqing/core';
import { Button, Tooltip } from 'antd';
import { useRef, type ChangeEvent } from 'react';
import { useT } from '../../i18n/useT';
import { csvToItems, decodeCsv, type CsvProblem } from './csv';
import styles from './ManageData.module.css';

interface CsvImportProps {
  kind: ProjectDataItem['kind'];
  onImport: (items: OptionItem[], fileName: string) => void;
  onProblems: (problems: CsvProblem[], fileName: string) => void;
}

/** A CSV file of `value,label[,parent]` lines replaces the items; a file with bad lines, nothing. */
export function CsvImport({ kind, onImport, onProblems }: CsvImportProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be picked again after fixing it.
    event.target.value = '';
    if (!file) return;
    const text = decodeCsv(await file.arrayBuffer());
    const { items, problems } = csvToItems(text, kind, t);
    if (problems.length) onProblems(problems, file.name);
    else onImport(items, file.name);
  }

  const columns = kind === 'tree' ? t('value,label,parent（父项的值）') : 'value,label';
  return (
    <>
      <Tooltip title={t('CSV 列：{columns}；UTF-8 或 GBK 编码，替换当前全部数据项', { columns })}>
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {t('导入 CSV')}
        </Button>
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        className={styles.hiddenInput}
        data-testid="data-csv-input"
        onChange={(event) => void read(event)}
      />
    </>
  );
}
