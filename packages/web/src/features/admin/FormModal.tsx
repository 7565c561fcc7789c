import { Alert, Form, Modal, type ButtonProps, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { failureText, splitFailure } from './formRules';

interface FormModalProps<T> {
  open: boolean;
  title: string;
  okText: string;
  form: FormInstance<T>;
  initialValues?: Partial<T>;
  /** Sends the checked values; a rejection is shown in the dialog, which stays open. */
  onSubmit: (values: T) => Promise<void>;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}

/**
 * A dialog around a vertical form: fields are checked by their rules, the values sent, and a
 * refusal from the server shown under the field it names, else above the buttons. Closing
 * forgets what was typed.
 */
export function FormModal<T extends object>({
  open,
  title,
  okText,
  form,
  initialValues,
  onSubmit,
  onClose,
  testId,
  children,
}: FormModalProps<T>) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string>();

  function close() {
    setFailure(undefined);
    onClose();
  }

  async function submit() {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSending(true);
    setFailure(undefined);
    try {
      await onSubmit(values);
      close();
    } catch (error) {
      const { field, text } = splitFailure(failureText(error, t));
      // A refusal about a field of the form is shown under that field.
      if (field && Object.hasOwn(form.getFieldsValue(), field)) {
        form.setFields([{ name: field as never, errors: [text] }]);
      } else {
        setFailure(text);
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('取消')}
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` } as ButtonProps}
    >
      <Form<T>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        preserve={false}
        onFinish={() => void submit()}
        data-testid={testId}
      >
        {children}
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden />
      </Form>
      {failure && <Alert type="error" showIcon title={failure} data-testid={`${testId}-failure`} />}
    </Modal>
  );
}
