import { createCustomer as createCustomerSchema, type AdminCustomer } from '@yuqing/core';
import { Form, Input } from 'antd';
import { createCustomer } from '../../../api/admin';
import { FormModal } from './FormModal';
import { schemaRule } from './formRules';

interface CreateCustomerModalProps {
  open: boolean;
  onClose: () => void;
  onCreated: (customer: AdminCustomer) => void;
}

interface CustomerFields {
  code: string;
  name: string;
}

/** 新建客户: a code for the URL path (unique whatever its case) and a display name. */
export function CreateCustomerModal({ open, onClose, onCreated }: CreateCustomerModalProps) {
  const [form] = Form.useForm<CustomerFields>();
  return (
    <FormModal<CustomerFields>
      open={open}
      title="新建客户"
      okText="创建"
      form={form}
      onClose={onClose}
      onSubmit={async (values) => onCreated(await createCustomer(values))}
      testId="admin-customer-form"
    >
      <Form.Item
        name="code"
        label="客户编码"
        rules={[schemaRule(createCustomerSchema.shape.code, '客户编码')]}
        extra="出现在项目地址中；不区分大小写，创建后不能修改"
      >
        <Input
          placeholder="字母、数字、下划线和连字符"
          maxLength={64}
          autoComplete="off"
          data-testid="admin-customer-code"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label="客户名称"
        rules={[schemaRule(createCustomerSchema.shape.name, '客户名称')]}
      >
        <Input maxLength={100} data-testid="admin-customer-name" />
      </Form.Item>
    </FormModal>
  );
}
