import { CheckCircleOutlined, SaveOutlined } from '@ant-design/icons';
import type { OptionItem, ProjectDataItem } from '@yuqing/core';
import { Alert, Button, Input, Segmented, Space, Tag, message } from 'antd';
import { useMemo, useState } from 'react';
import { saveProjectDataItem } from '../../api/manageData';
import { saveWithMessages } from '../../forms/failureMessage';
import { useT } from '../../i18n/useT';
import { CsvImport } from './CsvImport';
import { problemLine, type CsvProblem } from './csv';
import { DataTable } from './DataTable';
import { checkDataItem, checkDataJson, parseJsonText, toEditable } from './dataItemCheck';
import { IssueList } from './IssueList';
import { KIND_LABELS } from './kindLabels';
import { countRows, itemsToRows, rowsToItems, type EditorRow } from './rows';
import { issueText, type FieldIssue } from '../../forms/schemaIssues';
import styles from './ManageData.module.css';

export type EditorMode = 'table' | 'json';

interface DataItemEditorProps {
  item: ProjectDataItem;
  /** Not saved yet: created in this page. */
  isNew: boolean;
  onSaved: (item: ProjectDataItem) => void;
  onDirtyChange: (dirty: boolean) => void;
}

const toJson = (name: string, kind: ProjectDataItem['kind'], items: OptionItem[]) =>
  JSON.stringify({ name, kind, items }, null, 2);

/**
 * One data item, editable as a table or as JSON. Switching keeps every edit: the table writes its
 * rows as JSON, and JSON goes back to the table once it has a shape the table can hold (else the
 * editor stays on JSON and says where). Saving checks with the core schema first.
 */
export function DataItemEditor({ item, isNew, onSaved, onDirtyChange }: DataItemEditorProps) {
  const t = useT();
  const [name, setName] = useState(item.name);
  const [kind, setKind] = useState(item.kind);
  const [rows, setRows] = useState<EditorRow[]>(() => itemsToRows(item.items));
  const [mode, setMode] = useState<EditorMode>('table');
  const [jsonText, setJsonText] = useState('');
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [csvProblems, setCsvProblems] = useState<{ file: string; lines: string[] }>();
  const [saving, setSaving] = useState(false);
  /** Raised when the rows are replaced as a whole, so the table opens them afresh. */
  const [generation, setGeneration] = useState(0);

  const edited = () => onDirtyChange(true);
  const invalid = useMemo(() => new Set(issues.map((issue) => issue.where)), [issues]);
  const jsonCheck = useMemo(
    () => (mode === 'json' ? checkDataJson(jsonText, t) : undefined),
    [mode, jsonText, t],
  );

  function changeRows(next: EditorRow[]) {
    setRows(next);
    setIssues([]);
    edited();
  }

  function changeKind(next: ProjectDataItem['kind']) {
    if (next === 'list' && rows.some((row) => row.children)) {
      void message.warning(t('有数据项带子项，不能改为列表'));
      return;
    }
    setKind(next);
    edited();
  }

  function switchMode(next: EditorMode) {
    if (next === mode) return;
    if (next === 'json') {
      setJsonText(toJson(name, kind, rowsToItems(rows)));
      setIssues([]);
      setMode('json');
      return;
    }
    const parsed = parseJsonText(jsonText, t);
    const editable = parsed.ok ? toEditable(parsed.data, t) : parsed;
    if (!editable.ok) {
      setIssues(editable.issues);
      void message.error(t('JSON 有错误，修正后才能切换到表格'));
      return;
    }
    setName(editable.data.name);
    setKind(editable.data.kind);
    setRows(itemsToRows(editable.data.items));
    setIssues([]);
    setMode('table');
  }

  function importCsv(items: OptionItem[], file: string) {
    setRows(itemsToRows(items));
    setGeneration((value) => value + 1);
    setMode('table');
    setIssues([]);
    setCsvProblems(undefined);
    edited();
    void message.success(
      t('已从 {file} 导入 {count} 项，保存后生效', { file, count: countRows(items) }),
    );
  }

  function csvFailed(problems: CsvProblem[], file: string) {
    setCsvProblems({ file, lines: problems.map((problem) => problemLine(problem, t)) });
  }

  async function save() {
    let candidate: unknown = { name, kind, items: rowsToItems(rows) };
    if (mode === 'json') {
      const parsed = parseJsonText(jsonText, t);
      if (!parsed.ok) return setIssues(parsed.issues);
      candidate = parsed.data;
    }
    const checked = checkDataItem(candidate, t);
    if (!checked.ok) return setIssues(checked.issues);
    setIssues([]);
    if (!(await saveWithMessages(() => saveProjectDataItem(checked.data), setSaving, t))) return;
    onDirtyChange(false);
    onSaved(checked.data);
  }

  const count = mode === 'table' ? countRows(rows) : undefined;
  const jsonIssues = jsonCheck && !jsonCheck.ok ? jsonCheck.issues : [];
  const shownIssues = mode === 'json' && !issues.length ? jsonIssues : issues;

  return (
    <div data-testid="data-editor">
      <div className={styles.panelHead}>
        <h2 className={styles.editorTitle}>
          {name || t('未命名')}
          <Tag>{t(KIND_LABELS[kind])}</Tag>
          {count !== undefined && (
            <span className={styles.muted}>{t('{count} 项', { count })}</span>
          )}
          {isNew && <Tag color="orange">{t('未保存')}</Tag>}
        </h2>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void save()}
          data-testid="data-editor-save"
        >
          {t('保存')}
        </Button>
      </div>
      <div className={styles.toolbar}>
        <Segmented<EditorMode>
          value={mode}
          onChange={switchMode}
          options={[
            { value: 'table', label: t('表格') },
            { value: 'json', label: 'JSON' },
          ]}
          data-testid="data-editor-mode"
        />
        {mode === 'table' && (
          <Space size={4}>
            <span className={styles.muted}>{t('类型')}</span>
            <Segmented<ProjectDataItem['kind']>
              size="small"
              value={kind}
              onChange={changeKind}
              options={[
                { value: 'list', label: t(KIND_LABELS.list) },
                { value: 'tree', label: t(KIND_LABELS.tree) },
              ]}
              data-testid="data-editor-kind"
            />
          </Space>
        )}
        <span className={styles.toolbarSpacer} />
        <CsvImport kind={kind} onImport={importCsv} onProblems={csvFailed} />
      </div>
      <Space vertical size={12} style={{ display: 'flex' }}>
        {csvProblems && (
          <IssueList
            testId="data-csv-problems"
            title={t('{file} 有 {count} 行有问题，未导入', {
              file: csvProblems.file,
              count: csvProblems.lines.length,
            })}
            lines={csvProblems.lines}
          />
        )}
        <IssueList
          testId="data-editor-issues"
          title={t('有 {count} 处需要修正', { count: shownIssues.length })}
          lines={shownIssues.map(issueText)}
        />
        {mode === 'table' ? (
          <DataTable
            key={generation}
            rows={rows}
            kind={kind}
            onChange={changeRows}
            invalid={invalid}
          />
        ) : (
          <>
            <Input.TextArea
              className={styles.json}
              value={jsonText}
              onChange={(event) => {
                setJsonText(event.target.value);
                setIssues([]);
                edited();
              }}
              autoSize={{ minRows: 16, maxRows: 40 }}
              spellCheck={false}
              aria-label="JSON"
              data-testid="data-editor-json"
            />
            {jsonCheck?.ok && (
              <Alert
                type="success"
                showIcon
                icon={<CheckCircleOutlined />}
                title={t('JSON 有效')}
              />
            )}
          </>
        )}
      </Space>
    </div>
  );
}
