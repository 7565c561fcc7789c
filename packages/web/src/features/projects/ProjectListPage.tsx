import { FolderOpenOutlined, LoginOutlined } from '@ant-design/icons';
import { pageTitle, type ProjectListItem } from '@yuqing/core';
import { Button, Card, Col, Empty, Result, Row, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/client';
import { fetchProjectList } from '../../api/project';
import { LocaleSwitch } from '../../components/LocaleSwitch';
import { useT } from '../../i18n/useT';
import styles from './ProjectListPage.module.css';

type ListState =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; projects: ProjectListItem[] };

/**
 * Shown when the address names no project (the server normally redirects `/` to the default
 * project): the projects the signed-in user may open. Signing in needs a project, so a guest is
 * sent to the site root.
 */
export function ProjectListPage() {
  const t = useT();
  const [state, setState] = useState<ListState>({ status: 'loading' });

  useEffect(() => {
    document.title = pageTitle(t('projects.title'), t('app.title'));
  }, [t]);

  useEffect(() => {
    fetchProjectList().then(
      (projects) => setState({ status: 'ready', projects }),
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 401 || error.status === 410)) {
          // The site root leads to the default project, whose guard opens its login page.
          if (window.location.pathname === '/') setState({ status: 'signedOut' });
          else window.location.replace('/');
        } else {
          setState({ status: 'failed', message: error instanceof Error ? error.message : '' });
        }
      },
    );
  }, []);

  if (state.status === 'loading') {
    return (
      <div style={{ display: 'flex', justifyContent: 'center', padding: '120px 0' }}>
        <Spin size="large" />
      </div>
    );
  }
  if (state.status === 'signedOut') {
    return (
      <Result
        className={styles.centered}
        icon={<LoginOutlined />}
        title={t('projects.signIn')}
        subTitle={t('projects.signInHint')}
      />
    );
  }
  if (state.status === 'failed') {
    return (
      <Result
        className={styles.centered}
        status="error"
        title={t('error.startup')}
        subTitle={state.message || t('error.server')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('action.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('projects.title')}</h1>
        <LocaleSwitch />
      </div>
      {state.projects.length === 0 ? (
        <Empty description={t('projects.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {state.projects.map((item) => (
            <Col key={item.projectID} xs={24} sm={12} md={8}>
              <Card
                title={item.name}
                extra={
                  <Tag color={item.role === 'admin' ? 'blue' : 'default'}>
                    {t(item.role === 'admin' ? 'projects.role.admin' : 'projects.role.viewer')}
                  </Tag>
                }
                actions={[
                  <Button key="open" type="link" icon={<FolderOpenOutlined />} href={item.path}>
                    {t('projects.open')}
                  </Button>,
                ]}
              >
                <Card.Meta description={item.customerName} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}
