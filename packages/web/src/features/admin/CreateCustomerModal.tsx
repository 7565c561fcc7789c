import { createCustomer as createCustomerSchema, type AdminCustomer } from '@yuqing/core';
import { Form, Input } from 'antd';
import { createCustomer } from '../../api/admin';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
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
  const t = useT();
  const [form] = Form.useForm<CustomerFields>();
  return (
    <FormModal<CustomerFields>
      open={open}
      title={t('新建客户')}
      okText={t('创建')}
      form={form}
      onClose={onClose}
      onSubmit={async (values) => onCreated(await createCustomer(values))}
      testId="admin-customer-form"
    >
      <Form.Item
        name="code"
        label={t('客户编码')}
        rules={[schemaRule(createCustomerSchema.shape.code, zh('客户编码'), t)]}
        extra={t('出现在项目地址中；不区分大小写，创建后不能修改')}
      >
        <Input
          placeholder={t('字母、数字、下划线和连字符')}
          maxLength={64}
          autoComplete="off"
          data-testid="admin-customer-code"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('客户名称')}
        rules={[schemaRule(createCustomerSchema.shape.name, zh('客户名称'), t)]}
      >
        <Input maxLength={100} data-testid="admin-customer-name" />
      </Form.Item>
    </FormModal>
  );
}
