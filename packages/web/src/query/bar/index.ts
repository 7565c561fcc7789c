export { QueryBar, type QueryBarProps } from './QueryBar';
export { AppliedFilters } from './AppliedFilters';
