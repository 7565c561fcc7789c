import { SECRET_MASK } from '@yuqing/core';
import { Input } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';

interface SecretInputProps {
  value?: unknown;
  onChange(value: string): void;
  placeholder: string;
  testId: string;
}

/**
 * A secret the server never shows again: when one is stored, the box is empty and says 已设置;
 * what is typed replaces it, and clearing the box keeps the stored one.
 */
export function SecretInput({ value, onChange, placeholder, testId }: SecretInputProps) {
  const t = useT();
  const [wasStored] = useState(value === SECRET_MASK);
  const stored = value === SECRET_MASK;
  return (
    <Input.Password
      value={stored ? '' : String(value ?? '')}
      placeholder={stored ? t('{mask}（输入新值以替换）', { mask: SECRET_MASK }) : placeholder}
      autoComplete="new-password"
      data-testid={testId}
      onChange={(event) =>
        onChange(event.target.value === '' && wasStored ? SECRET_MASK : event.target.value)
      }
    />
  );
}
