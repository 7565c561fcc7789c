// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ExportTemplate } from '@yuqing/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fetchExportTemplates,
  removeExportTemplate,
  uploadExportTemplate,
} from '../../api/exportTemplates';
import { notify } from '../../api/notify';
import { ExportTemplateList } from './ExportTemplateList';

vi.mock('../../api/exportTemplates', () => ({
  fetchExportTemplates: vi.fn(),
  uploadExportTemplate: vi.fn(),
  removeExportTemplate: vi.fn(),
}));
vi.mock('../../api/notify', () => ({ notify: vi.fn() }));

const builtIn: ExportTemplate = {
  id: 'default',
  name: '默认（看板配色）',
  colors: [],
  accent: '3673F1',
  background: 'FFFFFF',
  builtIn: true,
};
const uploaded: ExportTemplate = {
  id: '6f1c1a52-52f4-4a53-8a4e-2b8f0c0f6d11',
  name: '品牌模板',
  colors: ['C00000', 'ED7D31'],
  accent: 'C00000',
  background: 'FFFFFF',
  builtIn: false,
  logo: '/api/v1/customlay/tmpls/r/c/p/logo?id=x',
  createdBy: '管理员',
  created: Date.UTC(2024, 0, 1),
};

beforeEach(() => {
  vi.mocked(fetchExportTemplates).mockResolvedValue([builtIn, uploaded]);
  vi.mocked(uploadExportTemplate).mockResolvedValue(uploaded);
  vi.mocked(removeExportTemplate).mockResolvedValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const input = () =>
  screen.getByTestId('export-templates-pptx').querySelector('input[type=file]') as HTMLInputElement;

describe('ExportTemplateList', () => {
  it('lists built-in and uploaded templates; only uploaded ones can be deleted', async () => {
    render(<ExportTemplateList kind="pptx" />);
    expect(await screen.findByText('品牌模板')).toBeTruthy();
    expect(screen.getByText('内置')).toBeTruthy();
    expect(screen.getByAltText('品牌模板标志').getAttribute('src')).toBe(uploaded.logo);
    expect(screen.queryByTestId('export-template-delete-default')).toBeNull();
    fireEvent.click(screen.getByTestId(`export-template-delete-${uploaded.id}`));
    fireEvent.click(await screen.findByTestId('export-template-delete-ok'));
    await waitFor(() => expect(removeExportTemplate).toHaveBeenCalledWith('pptx', uploaded.id));
  });

  it('uploads a .pptx as a data URL under the typed name, refusing other files', async () => {
    render(<ExportTemplateList kind="pptx" />);
    await screen.findByText('品牌模板');
    fireEvent.change(input(), { target: { files: [new File(['x'], 'brief.docx')] } });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('模板文件须为 .pptx'));
    expect(uploadExportTemplate).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('export-template-name-pptx'), {
      target: { value: ' 年度汇报 ' },
    });
    fireEvent.change(input(), { target: { files: [new File(['PK'], 'deck.pptx')] } });
    await waitFor(() => expect(uploadExportTemplate).toHaveBeenCalledTimes(1));
    const [kind, body] = vi.mocked(uploadExportTemplate).mock.calls[0]!;
    expect(kind).toBe('pptx');
    expect(body.name).toBe('年度汇报');
    expect(body.data).toMatch(/^data:[^;]*;base64,UEs=$/);
    await waitFor(() => expect(fetchExportTemplates).toHaveBeenCalledTimes(2));
  });
});
