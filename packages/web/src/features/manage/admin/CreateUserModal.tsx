import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  createUser as createUserSchema,
  type AdminTenancy,
  type AdminUser,
  type Role,
} from '@yuqing/core';
import { Button, Form, Input, Select, Space, Switch } from 'antd';
import { createUser } from '../../../api/admin';
import { FormModal } from './FormModal';
import { confirmRules, schemaRule } from './formRules';
import { projectOptions } from './projectOptions';
import { ROLE_OPTIONS } from './roles';

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
  const [form] = Form.useForm<UserFields>();
  return (
    <FormModal<UserFields>
      open={open}
      title="新建用户"
      okText="创建"
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
      <Form.Item name="username" label="用户名" rules={[schemaRule(fields.username, '用户名')]}>
        <Input maxLength={64} autoComplete="off" data-testid="admin-user-username" />
      </Form.Item>
      <Form.Item name="nickname" label="昵称" rules={[schemaRule(fields.nickname, '昵称')]}>
        <Input maxLength={64} data-testid="admin-user-nickname" />
      </Form.Item>
      <Form.Item
        name="password"
        label="初始密码"
        rules={[schemaRule(fields.password, '初始密码')]}
        extra="至少 8 位；请告知用户登录后妥善保管"
      >
        <Input.Password autoComplete="new-password" data-testid="admin-user-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={confirmRules('确认密码')}
      >
        <Input.Password autoComplete="new-password" data-testid="admin-user-confirm" />
      </Form.Item>
      <Form.Item
        name="isSuperAdmin"
        label="超级管理员"
        valuePropName="checked"
        extra="超级管理员可管理全部客户、项目与用户"
      >
        <Switch data-testid="admin-user-super" />
      </Form.Item>
      <Form.Item label="项目与角色">
        <Form.List name="projects">
          {(items, { add, remove }) => (
            <>
              {items.map((item) => (
                <Space key={item.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item
                    name={[item.name, 'projectId']}
                    rules={[{ required: true, message: '请选择项目' }]}
                  >
                    <Select
                      showSearch
                      optionFilterProp="label"
                      placeholder="请选择项目"
                      options={projectOptions(tenancy)}
                      style={{ width: 300 }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'role']}>
                    <Select options={ROLE_OPTIONS} style={{ width: 100 }} />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="移除" onClick={() => remove(item.name)} />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ role: 'viewer' })}
                block
              >
                加入项目
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
    </FormModal>
  );
}
