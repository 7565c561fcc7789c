import { PlusOutlined } from '@ant-design/icons';
import { Input, Tag } from 'antd';
import { useState } from 'react';
import styles from './ManageSys.module.css';

interface TagListInputProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  /** What the add button says, e.g. 添加倾向. */
  addLabel: string;
  placeholder?: string;
  testId?: string;
}

/** A list of words as closable tags, with an input that adds on Enter or blur (duplicates ignored). */
export function TagListInput({
  value = [],
  onChange,
  addLabel,
  placeholder,
  testId,
}: TagListInputProps) {
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState('');

  const commit = () => {
    const words = draft
      .split(/[\n,，]/)
      .map((word) => word.trim())
      .filter((word) => word && !value.includes(word));
    if (words.length) onChange?.([...value, ...new Set(words)]);
    setDraft('');
    setAdding(false);
  };

  return (
    <div className={styles.tags} data-testid={testId}>
      {value.map((word) => (
        <Tag
          key={word}
          closable
          onClose={(event) => {
            event.preventDefault();
            onChange?.(value.filter((other) => other !== word));
          }}
        >
          {word}
        </Tag>
      ))}
      {adding ? (
        <Input
          size="small"
          autoFocus
          className={styles.tagInput}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            commit();
          }}
          onBlur={commit}
          aria-label={addLabel}
        />
      ) : (
        <Tag
          variant="outlined"
          style={{ borderStyle: 'dashed', cursor: 'pointer' }}
          onClick={() => setAdding(true)}
        >
          <PlusOutlined /> {addLabel}
        </Tag>
      )}
    </div>
  );
}
