import { VisualEditor } from './VisualEditor';

/** #/manage (可视化配置): the visual configuration editor of the project's dashboard. */
export function ManageVisualPage() {
  return <VisualEditor />;
}
