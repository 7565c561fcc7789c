import {
  createProject as createProjectSchema,
  type AdminProject,
  type AdminTenancy,
} from '@yuqing/core';
import { AutoComplete, Checkbox, Form, Input, Radio, Select, type SelectProps } from 'antd';
import { createProject, fetchCustomerTemplates } from '../../api/admin';
import { zh } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { FormModal } from './FormModal';
import { projectRequest, type ProjectFields } from './projectRequest';
import { schemaRule } from './formRules';
import { projectLabel } from './tenancyTree';
import { useRemote } from './useRemote';

interface CreateProjectModalProps {
  /** The customer the new project is for, or undefined when the dialog is closed. */
  customerId: string | undefined;
  tenancy: AdminTenancy;
  onClose: () => void;
  onCreated: (project: AdminProject) => void;
}

const fields = createProjectSchema.shape;

/** The templates of `customerId`; Form.Item hands over the value and onChange. */
function TemplateSelect({ customerId, ...control }: SelectProps & { customerId?: string }) {
  const t = useT();
  const { remote } = useRemote(
    () => (customerId ? fetchCustomerTemplates(customerId) : Promise.resolve([])),
    customerId ?? '',
  );
  const templates = remote.data ?? [];
  return (
    <Select
      {...control}
      loading={remote.status === 'loading'}
      placeholder={t('请选择模板')}
      notFoundContent={remote.status === 'loading' ? t('加载中…') : t('该客户还没有模板')}
      options={templates.map((template) => ({
        value: template.name,
        label: t('{name}（{pages} 个页面）', { name: template.name, pages: template.pages }),
      }))}
      data-testid="admin-project-template"
    />
  );
}

/**
 * 新建项目 for a customer: empty, from one of a customer's page-set templates, or as a copy of
 * another project (settings, draft, newest published version, data; subjects if asked).
 */
export function CreateProjectModal({
  customerId,
  tenancy,
  onClose,
  onCreated,
}: CreateProjectModalProps) {
  const t = useT();
  const [form] = Form.useForm<ProjectFields>();
  const source = Form.useWatch('source', form);
  const templateCustomerId = Form.useWatch('templateCustomerId', form);
  const customerOptions = tenancy.customers.map((customer) => ({
    value: customer.id,
    label: t('{name}（{detail}）', { name: customer.name, detail: customer.code }),
  }));
  const sibling = tenancy.projects.find((project) => project.customerId === customerId);
  return (
    <FormModal<ProjectFields>
      open={customerId !== undefined}
      title={t('新建项目')}
      okText={t('创建')}
      form={form}
      initialValues={{
        customerId,
        repository: sibling?.repository ?? tenancy.repositories[0] ?? '',
        source: 'empty',
        templateCustomerId: customerId,
        copySubjects: false,
      }}
      onClose={onClose}
      onSubmit={async (values) => onCreated(await createProject(projectRequest(values)))}
      testId="admin-project-form"
    >
      <Form.Item
        name="customerId"
        label={t('所属客户')}
        rules={[{ required: true, message: t('请选择客户') }]}
      >
        <Select options={customerOptions} showSearch optionFilterProp="label" />
      </Form.Item>
      <Form.Item
        name="repository"
        label={t('仓库')}
        rules={[schemaRule(fields.repository, zh('仓库'), t)]}
        extra={t('项目地址的第一段，如 /yuqing/客户编码/项目编码/')}
      >
        <AutoComplete
          options={tenancy.repositories.map((repository) => ({ value: repository }))}
          data-testid="admin-project-repository"
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('项目编码')}
        rules={[schemaRule(fields.code, zh('项目编码'), t)]}
        extra={t('不区分大小写，创建后不能修改')}
      >
        <Input
          placeholder={t('字母、数字、下划线和连字符')}
          maxLength={64}
          autoComplete="off"
          data-testid="admin-project-code"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('项目名称')}
        rules={[schemaRule(fields.name, zh('项目名称'), t)]}
      >
        <Input maxLength={100} data-testid="admin-project-name" />
      </Form.Item>
      <Form.Item name="source" label={t('页面来源')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'empty', label: t('空白项目') },
            { value: 'template', label: t('从模板创建') },
            { value: 'copy', label: t('复制已有项目') },
          ]}
          data-testid="admin-project-source"
        />
      </Form.Item>
      {source === 'template' && (
        <>
          <Form.Item
            name="templateCustomerId"
            label={t('模板所属客户')}
            rules={[{ required: true, message: t('请选择客户') }]}
          >
            <Select
              options={customerOptions}
              showSearch
              optionFilterProp="label"
              onChange={() => form.setFieldValue('templateName', undefined)}
            />
          </Form.Item>
          <Form.Item
            name="templateName"
            label={t('模板')}
            rules={[{ required: true, message: t('请选择模板') }]}
          >
            <TemplateSelect customerId={templateCustomerId} />
          </Form.Item>
        </>
      )}
      {source === 'copy' && (
        <>
          <Form.Item
            name="copyProjectId"
            label={t('复制自')}
            rules={[{ required: true, message: t('请选择要复制的项目') }]}
            extra={t('复制项目设置、草稿、最新发布版本和数据配置')}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('请选择项目')}
              options={tenancy.projects.map((project) => ({
                value: project.id,
                label: t('{name}（{detail}）', {
                  name: projectLabel(project),
                  detail: project.code,
                }),
              }))}
              data-testid="admin-project-copy"
            />
          </Form.Item>
          <Form.Item name="copySubjects" valuePropName="checked">
            <Checkbox>{t('同时复制专题（含专题的草稿和已发布版本）')}</Checkbox>
          </Form.Item>
        </>
      )}
    </FormModal>
  );
}
