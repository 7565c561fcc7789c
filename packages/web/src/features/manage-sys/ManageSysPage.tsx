import type { ProjectSystem } from '@yuqing/core';
import { Button, Result, Skeleton, theme } from 'antd';
import { useEffect, useState, type CSSProperties } from 'react';
import { fetchProjectSystem } from '../../api/manageSys';
import { useT } from '../../i18n/useT';
import { MembersPanel } from './MembersPanel';
import { SettingsForm } from './SettingsForm';
import styles from './ManageSys.module.css';

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; system: ProjectSystem };

/**
 * 系统配置 (#/manage/sys; super admins on a project, not a subject): the project's settings and
 * its members. The route guard keeps others out and the server refuses them too.
 */
export function ManageSysPage() {
  const t = useT();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const { token } = theme.useToken();
  const accent = { '--yq-group-accent': token.colorPrimary } as CSSProperties;

  useEffect(() => {
    let live = true;
    fetchProjectSystem().then(
      (system) => live && setState({ status: 'ready', system }),
      (error: unknown) =>
        live &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <div className={styles.page} style={accent} data-testid="manage-sys">
      {state.status === 'loading' && (
        <section className={styles.panel}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </section>
      )}
      {state.status === 'failed' && (
        <section className={styles.panel}>
          <Result
            status="error"
            title={t('系统配置加载失败')}
            subTitle={state.message}
            extra={
              <Button
                onClick={() => {
                  setState({ status: 'loading' });
                  setAttempt((value) => value + 1);
                }}
              >
                {t('重新加载')}
              </Button>
            }
          />
        </section>
      )}
      {state.status === 'ready' && (
        <>
          <section className={styles.panel}>
            <div className={styles.panelHead}>
              <h2 className={styles.panelTitle}>{t('项目设置')}</h2>
            </div>
            <SettingsForm
              settings={state.system.settings}
              onSaved={(settings) =>
                setState({ status: 'ready', system: { ...state.system, settings } })
              }
            />
          </section>
          <section className={styles.panel}>
            <MembersPanel
              members={state.system.members}
              onChange={(members) =>
                setState((current) =>
                  current.status === 'ready'
                    ? { status: 'ready', system: { ...current.system, members } }
                    : current,
                )
              }
            />
          </section>
        </>
      )}
    </div>
  );
}
