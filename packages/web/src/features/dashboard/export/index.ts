export { usePageExport } from './usePageExport';
