import { Title } from '@mantine/core';
import { DeliveryForm } from '../components/delivery-form';
import { useTraceText } from '../hooks/use-trace-text';

/** /traceability/deliveries/new. */
export default function DeliveryNewScreen() {
  const { t } = useTraceText();
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {t('web.trace.newDeliveryTitle')}
      </Title>
      <DeliveryForm />
    </section>
  );
}
