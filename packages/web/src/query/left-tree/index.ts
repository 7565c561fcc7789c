export { LeftTreeMenu, type LeftTreeMenuProps } from './LeftTreeMenu';
export { treeFieldOf } from './treeRules';
