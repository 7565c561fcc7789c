export { usePageReport } from './usePageReport';
