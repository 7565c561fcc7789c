import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  createUser as createUserSchema,
  type AdminTenancy,
  type AdminUser,
  type Role,
} from '@yuqing/core';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { createUser } from '../../api/admin';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { FormModal } from './FormModal';
import { confirmRules, schemaRule } from './formRules';
import { projectOptions } from './projectOptions';
import { roleOptions } from './roles';

interface CreateUserModalProps {
  open: boolean;
  tenancy: AdminTenancy;
  onClose: () => void;
  onCreated: (user: AdminUser) => void;
}

interface UserFields {
  username: string;
  nickname: string;
  password: string;
  confirm: string;
  isSuperAdmin: boolean;
  projects: { projectId?: string; role: Role }[];
}

const fields = createUserSchema.shape;

/** 新建用户: an account with a password, optionally super admin, and its first projects. */
export function CreateUserModal({ open, tenancy, onClose, onCreated }: CreateUserModalProps) {
  const t = useT();
  const [form] = Form.useForm<UserFields>();
  return (
    <FormModal<UserFields>
      open={open}
      title={t('新建用户')}
      okText={t('创建')}
      form={form}
      initialValues={{ isSuperAdmin: false, projects: [] }}
      onClose={onClose}
      onSubmit={async ({ username, nickname, password, isSuperAdmin, projects }) =>
        onCreated(
          await createUser({
            username,
            nickname,
            password,
            isSuperAdmin,
            projects: projects.map(({ projectId, role }) => ({ projectId: projectId!, role })),
          }),
        )
      }
      testId="admin-user-form"
    >
      <Form.Item
        name="username"
        label={t('用户名')}
        rules={[schemaRule(fields.username, zh('用户名'), t)]}
      >
        <Input maxLength={64} autoComplete="off" data-testid="admin-user-username" />
      </Form.Item>
      <Form.Item
        name="nickname"
        label={t('昵称')}
        rules={[schemaRule(fields.nickname, zh('昵称'), t)]}
      >
        <Input maxLength={64} data-testid="admin-user-nickname" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('初始密码')}
        rules={[schemaRule(fields.password, zh('初始密码'), t)]}
        extra={t('至少 8 位；请告知用户登录后妥善保管')}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-user-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('确认密码')}
        dependencies={['password']}
        rules={confirmRules(zh('确认密码'), t)}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-user-confirm" />
      </Form.Item>
      <Form.Item
        name="isSuperAdmin"
        label={t('超级管理员')}
        valuePropName="checked"
        extra={t('超级管理员可管理全部客户、项目与用户')}
      >
        <Switch data-testid="admin-user-super" />
      </Form.Item>
      <Form.Item label={t('项目与角色')}>
        <Form.List name="projects">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[item.name, 'projectId']}
                    rules={[{ required: true, message: t('请选择项目') }]}
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      placeholder={t('请选择项目')}
                      options={projectOptions(tenancy, t)}
                      style={{ width: 300 }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'role']}>
                    <Select options={roleOptions(t)} style={{ width: 100 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label={t('移除')} onClick={() => remove(item.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ role: 'viewer' })}
                block
              >
                {t('加入项目')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </FormModal>
  );
}
