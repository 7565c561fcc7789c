export { usePageExport } from './usePageExport';
export { useExportTemplates, type TemplateChoices } from './useExportTemplates';
