import { Title } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useDelivery } from '../api/deliveries-api';
import { DeliveryForm } from '../components/delivery-form';
import { ScreenFallback } from '../components/screen-fallback';
import { useTraceText } from '../hooks/use-trace-text';

/** /traceability/deliveries/edit/:id. */
export default function DeliveryEditScreen() {
  const { t } = useTraceText();
  const { id = '' } = useParams();
  const delivery = useDelivery(id);
  const title = delivery.data ? t('web.trace.editDeliveryTitle', { number: delivery.data.deliveryNumber }) : t('web.action.edit', { entity: t('web.screen.delivery') });
  if (!delivery.data) return <ScreenFallback title={title} pending={delivery.isPending} error={delivery.error} />;
  return (
    <section aria-labelledby="screen-title">
      <Title order={1} size="h2" id="screen-title" mb="md">
        {title}
      </Title>
      <DeliveryForm key={delivery.data._id} delivery={delivery.data} />
    </section>
  );
}
