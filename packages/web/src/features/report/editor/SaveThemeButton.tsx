import type { NamedTheme, ReportTheme } from '@yuqing/core';
import { Button, Input, Space, message } from 'antd';
import { useState } from 'react';
import { saveReportTheme } from '../../../api/reportAssets';
import { useT } from '../../../i18n/useT';

interface SaveThemeButtonProps {
  theme: ReportTheme;
  onSaved(theme: NamedTheme): void;
}

/** Keeps the theme being edited under a name, for the project's other reports. */
export function SaveThemeButton({ theme, onSaved }: SaveThemeButtonProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!name.trim()) {
      void message.error(t('请输入主题名称'));
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveReportTheme({ name: name.trim(), theme }));
      setName('');
      void message.success(t('主题已保存'));
    } catch {
      // The API client has shown why.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space.Compact>
      <Input
        placeholder={t('主题名称')}
        maxLength={50}
        value={name}
        onChange={(event) => setName(event.target.value)}
        data-testid="theme-name"
      />
      <Button loading={saving} onClick={() => void save()} data-testid="theme-save">
        {t('保存为主题')}
      </Button>
    </Space.Compact>
  );
}
