import { PlusOutlined } from '@ant-design/icons';
import type { AlertRule } from '@yuqing/core';
import { Button, message } from 'antd';
import { useState } from 'react';
import { deleteAlertRule, enableAlertRule, fetchAlertRules } from '../../api/alerts';
import { useT } from '../../i18n/useT';
import { useFetchedList } from '../../api/useFetchedList';
import { RuleDrawer } from './RuleDrawer';
import { RulesTable } from './RulesTable';
import { useChannelErrors } from './useChannelErrors';
import styles from './AlertRules.module.css';

/** What the drawer shows: a new rule, or the rule being edited. */
type Editing = { rule?: AlertRule };

/** 预警规则 (#/manage/alerts): the project's early-warning rules, for project admins. */
export function ManageAlertsPage() {
  const t = useT();
  const [listVersion, setListVersion] = useState(0);
  const reload = () => setListVersion((value) => value + 1);
  const rules = useFetchedList(fetchAlertRules, true, listVersion);
  const failures = useChannelErrors(rules);
  const [editing, setEditing] = useState<Editing>();

  async function enable(rule: AlertRule, enabled: boolean) {
    try {
      await enableAlertRule(rule._id, enabled);
      void message.success(
        enabled
          ? t('已启用「{name}」', { name: rule.name })
          : t('已停用「{name}」', { name: rule.name }),
      );
    } catch {
      // The API client has said why; the list shows the rule as it is.
    }
    reload();
  }

  async function remove(rule: AlertRule) {
    try {
      await deleteAlertRule(rule._id);
      void message.success(t('删除成功'));
    } catch {
      // The API client has said why.
    }
    reload();
  }

  return (
    <div className={styles.page} data-testid="manage-alerts">
      <section className={styles.panel}>
        <div className={styles.panelHead}>
          <div>
            <h2 className={styles.panelTitle}>{t('manage.alerts')}</h2>
            <div className={styles.hint}>
              {t(
                '规则按检查频率自动检查项目数据，触发后在「预警信息」中提醒成员，并发送到所配置的通知渠道',
              )}
            </div>
          </div>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="alert-rule-new"
            onClick={() => setEditing({})}
          >
            {t('新建规则')}
          </Button>
        </div>
        <RulesTable
          rules={rules}
          failures={failures}
          onEdit={(rule) => setEditing({ rule })}
          onEnable={(rule, enabled) => void enable(rule, enabled)}
          onDelete={(rule) => void remove(rule)}
        />
      </section>
      {editing && (
        <RuleDrawer
          rule={editing.rule}
          onClose={() => setEditing(undefined)}
          onSaved={(rule) => {
            setEditing({ rule });
            reload();
          }}
        />
      )}
    </div>
  );
}
