export { ImportProgressBanner } from './ImportProgressBanner';
export { useImportStatus } from './importStatusStore';
